import ExcelJS from 'exceljs';
import { afterEach, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { describeEachStore, type StoreKind } from '@test/support/stores';
import { testDesktop } from '@test/support/desktop';
import { sampleInput } from '@test/support/service';
import { PERSONAL_FIELDS, personalDataNotice } from '@shared/journal/personal-fields';
import { FIELD_LABELS } from '@shared/entry/fields';
import { EXPORTED_CSV } from '@test/support/csv-export';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function start(store: StoreKind, pdf = new Uint8Array([37, 80, 68, 70])) {
  rig = await startCoreRig({ store });
  /** The footer each PDF was printed with (the page itself is the e2e suite's). */
  const footers: Array<string | undefined> = [];
  const shell = testDesktop(async (footer) => {
    footers.push(footer);
    return pdf;
  });
  const dispatch = createDispatch(createHandlers(rig.core, shell.desktop));
  const call = async (channel: string, request: unknown = {}) => {
    const answer = await dispatch(channel, request);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.data as never;
  };
  return { rig, dispatch, call, saved: shell.saved, saveAs: shell.saveAs, footers };
}

/** Submits and sends one entry; the sandbox's queued fault (if any) decides its state. */
async function submitted(r: CoreRig, reference: string, surname = 'Smith') {
  const queued = await r.core.pipeline.submit({
    kind: 'entry',
    input: sampleInput({ reference, surname }),
    profile: 'Sandbox',
  });
  if (!queued.ok) throw new Error(JSON.stringify(queued));
  return (await r.core.pipeline.send(queued.row.id))!;
}

async function mixedJournal(r: CoreRig) {
  const accepted = await submitted(r, 'ACC-1', 'Abbott');
  r.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 400 } });
  const rejected = await submitted(r, 'REJ-1', 'Brown');
  r.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 502, store: true } });
  const unknown = await submitted(r, 'UNK-1', 'Carter');
  r.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503 } });
  const failed = await submitted(r, 'FAIL-1', 'Davies');
  return { accepted, rejected, unknown, failed };
}

describeEachStore('Journal screen handlers (issue 9)', (store) => {
  it('lists a window of rows without payloads, counts matches, and filters by state and free text', async () => {
    const { rig: r, call } = await start(store);
    const rows = await mixedJournal(r);
    expect([rows.accepted.state, rows.rejected.state, rows.unknown.state, rows.failed.state]).toEqual([
      'accepted',
      'rejected',
      'unknown',
      'failed',
    ]);
    const all = await call('journal:list', { limit: 2 });
    expect(all).toMatchObject({ total: 4 });
    expect((all as { rows: unknown[] }).rows).toHaveLength(2);
    expect(Object.keys((all as { rows: object[] }).rows[0]!)).not.toContain('payload');
    const attention = await call('journal:list', {
      states: ['unknown', 'failed', 'rejected'],
      sort: 'surname',
      direction: 'asc',
    });
    expect((attention as { rows: Array<{ surname: string }> }).rows.map((x) => x.surname)).toEqual([
      'Brown',
      'Carter',
      'Davies',
    ]);
    const byRecordid = await call('journal:list', { text: String(rows.accepted.recordid) });
    expect((byRecordid as { rows: Array<{ id: number }> }).rows.map((x) => x.id)).toEqual([rows.accepted.id]);
    expect(await call('journal:attention')).toEqual({ unknown: 1, failed: 1, rejected: 1 });
    expect(await call('journal:facets')).toEqual({ operators: [r.core.journal.location.user], profiles: ['Sandbox'] });
  });

  it('detail: the wire parts as sent, the history with who; a resolution is recorded and refused where it does not fit', async () => {
    const { rig: r, call, dispatch } = await start(store);
    const { unknown, accepted } = await mixedJournal(r);
    const detail = (await call('journal:get', { id: unknown.id })) as {
      row: { state: string; reference: string };
      wire: Array<[string, string]>;
      history: Array<{ toState: string; actor: string }>;
    };
    expect(detail.row).toMatchObject({ state: 'unknown', reference: 'UNK-1' });
    expect(detail.wire).toContainEqual(['reference', 'UNK-1']);
    expect(detail.history.map((h) => h.toState)).toEqual(['queued', 'sending', 'unknown']);

    await call('journal:resolve', { id: unknown.id, action: 'accept', recordid: 4242, note: 'phoned the service' });
    const after = (await call('journal:get', { id: unknown.id })) as typeof detail;
    expect(after.row.state).toBe('accepted');
    expect(after.history.at(-1)).toMatchObject({
      toState: 'accepted',
      actor: r.core.journal.location.user,
      note: 'phoned the service',
    });

    const refused = await dispatch('journal:resolve', { id: accepted.id, action: 'resend' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'state' } });
    expect(await dispatch('journal:get', { id: 999 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await dispatch('journal:resolve', { id: unknown.id, action: 'accept' })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
  });

  it('a resend from the screen is sent by the outbox; a discard ends the row', async () => {
    const { rig: r, call } = await start(store);
    const { rejected, unknown } = await mixedJournal(r);
    r.core.outbox.start();
    await call('journal:resolve', { id: unknown.id, action: 'resend' });
    await r.core.outbox.drain();
    expect(await r.core.journal.get(unknown.id)).toMatchObject({ state: 'accepted' });
    await call('journal:resolve', { id: rejected.id, action: 'discard', note: 'customer withdrew' });
    expect(await r.core.journal.get(rejected.id)).toMatchObject({ state: 'discarded' });
  });

  it('mark reviewed: one or many, with who, when and note, kept in the history but never taken for a resolution', async () => {
    const { rig: r, call } = await start(store);
    const { accepted, rejected } = await mixedJournal(r);
    const changed: number[] = [];
    r.core.journal.onChange((row) => changed.push(row.id));
    expect(await call('journal:review', { ids: [accepted.id, rejected.id, accepted.id], note: 'checked' })).toEqual({
      reviewed: 2,
    });
    // Told after the commit (in an office, through the database's notifications, which may still
    // be bringing the earlier sends' changes too).
    await vi.waitFor(() => expect(changed).toEqual(expect.arrayContaining([accepted.id, rejected.id])));
    expect(await r.core.journal.get(rejected.id)).toMatchObject({
      state: 'rejected',
      reviewedBy: r.core.journal.location.user,
      reviewNote: 'checked',
    });
    expect((await r.core.journal.history(rejected.id)).at(-1)).toMatchObject({
      fromState: 'rejected',
      toState: 'rejected',
      note: 'reviewed: checked',
    });
    const reviewed = await call('journal:list', { reviewed: true });
    expect(reviewed).toMatchObject({ total: 2 });
  });

  it('export writes the filtered rows as CSV to the chosen file (no partial file), counted', async () => {
    const { rig: r, call, saved, saveAs } = await start(store);
    await mixedJournal(r);
    await call('journal:review', { ids: [1], note: '=HYPERLINK("x")' });
    saveAs.push('csv'); // the person chooses CSV in the save dialog
    const result = (await call('journal:export', { states: ['accepted', 'rejected'] })) as {
      path: string;
      rows: number;
    };
    expect(result).toEqual({ path: saved[0], rows: 2 });
    const records = parse(readFileSync(result.path, 'utf8'), { ...EXPORTED_CSV, columns: true }) as Array<
      Record<string, string>
    >;
    // Headings as on screen; a column no row has a value in is left out.
    // States and kinds as the screens name them; row 1 is the headings.
    expect(records.map((x) => x.State).sort()).toEqual(['Accepted', 'Rejected']);
    expect(records.map((x) => x.Kind)).toEqual(['Entry', 'Entry']);
    expect(records.find((x) => x['Journal #'] === '1')).toMatchObject({ 'Review note': `'=HYPERLINK("x")` });
    expect(records[0]).not.toHaveProperty('Resolved by');
    expect(readdirSync(result.path.replace(/\/[^/]+$/, '')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('exports a workbook by default: headings in row 1, frozen with a filter, dates as dates, amounts as numbers, text keeps its zeros', async () => {
    const { rig: r, call, saved } = await start(store);
    const queued = await r.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'ZERO-1', telephone: '07700900001', postcode: 'LS1 4AP', total_value: '29.99' }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error(JSON.stringify(queued));
    await r.core.pipeline.send(queued.row.id);
    const result = (await call('journal:export', {})) as { path: string; rows: number };
    expect(result).toEqual({ path: saved[0], rows: 1 });
    expect(result.path).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(result.path);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Journal', 'Personal data']);
    const sheet = book.getWorksheet('Journal')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headings.slice(0, 3)).toEqual(['Journal #', 'Kind', 'State']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const cell = (heading: string) => sheet.getRow(2).getCell(headings.indexOf(heading) + 1).value;
    expect(cell('Journal #')).toBe(queued.row.id);
    expect(cell('Kind')).toBe('Entry');
    expect(cell('State')).toBe('Accepted');
    expect(cell(FIELD_LABELS.telephone)).toBe('07700900001');
    expect(cell(FIELD_LABELS.postcode)).toBe('LS1 4AP');
    expect(cell(FIELD_LABELS.total_value)).toBe(29.99);
    expect(cell(FIELD_LABELS.purchase_date)).toEqual(new Date(Date.UTC(2026, 10, 2)));
    expect(cell('Time')).toBeInstanceOf(Date);
    expect(String(book.getWorksheet('Personal data')!.getCell('A1').value)).toBe(
      personalDataNotice(PERSONAL_FIELDS.filter((f) => headings.includes(FIELD_LABELS[f]))),
    );
  });

  it('the daily summary counts by state, operator and profile and lists unknowns and rejections; the PDF is saved', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 test');
    const { rig: r, call, saved } = await start(store, pdf);
    await mixedJournal(r);
    const today = new Date().toISOString().slice(0, 10);
    const report = (await call('journal:report', { from: today, to: today })) as {
      total: number;
      byState: Record<string, number>;
      byOperator: Array<{ name: string; total: number }>;
      attention: Array<{ reference: string; message: string | null }>;
    };
    expect(report.total).toBe(4);
    expect(report.byState).toEqual({ accepted: 1, rejected: 1, unknown: 1, failed: 1 });
    expect(report.byOperator).toEqual([{ name: r.core.journal.location.user, total: 4, states: report.byState }]);
    expect(report.attention.map((x) => x.reference)).toEqual(['REJ-1', 'UNK-1']);
    expect((await call('journal:report', { from: '2000-01-01', to: '2000-01-02' })) as { total: number }).toMatchObject(
      {
        total: 0,
      },
    );
    const saving = (await call('journal:savePdf', { from: today, to: today })) as { path: string };
    expect(saving.path).toBe(saved[0]);
    expect(readFileSync(saving.path)).toEqual(Buffer.from(pdf));
  });

  it('the summary PDF has the personal-data notice as its footer when it lists surnames; none without them or with counts only', async () => {
    const { rig: r, call, footers } = await start(store);
    const today = new Date().toISOString().slice(0, 10);
    await submitted(r, 'ACC-1', 'Abbott');
    // Counts only (every row accepted: no unknowns, rejections or corrections to list): the PDF states nothing.
    await call('journal:savePdf', { from: today, to: today });
    r.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 400 } });
    await submitted(r, 'REJ-1', 'Brown');
    await call('journal:savePdf', { from: today, to: today });
    await call('journal:savePdf', { from: today, to: today, personal: false });
    expect(footers).toEqual([undefined, personalDataNotice(['surname']), undefined]);
  });

  it('export without personal details: no personal column and no notice, in the Journal CSV and the batch results', async () => {
    const { rig: r, call, saveAs } = await start(store);
    await mixedJournal(r);
    saveAs.push('csv', 'csv');
    const journal = (await call('journal:export', { personal: false, sort: 'id', direction: 'asc' })) as {
      path: string;
      rows: number;
    };
    expect(journal.rows).toBe(4);
    const text = readFileSync(journal.path, 'utf8');
    expect(text).toMatch(/^\uFEFFJournal #,Kind,State,/);
    for (const surname of ['Abbott', 'Brown', 'Carter', 'Davies', 'LS1 4AP']) expect(text).not.toContain(surname);
    const [header] = parse(text, { bom: true }) as string[][];
    const personalHeadings = PERSONAL_FIELDS.map((f) => FIELD_LABELS[f]);
    expect(header!.filter((h) => personalHeadings.includes(h))).toEqual([]);
    const full = readFileSync(((await call('journal:export', {})) as { path: string }).path, 'utf8');
    // From a screen, the headings are row 1 (the save dialog says the file holds personal data).
    const [fullHeader] = parse(full, { bom: true }) as string[][];
    const present = PERSONAL_FIELDS.filter((f) => fullHeader!.includes(FIELD_LABELS[f]));
    expect(present).toEqual(expect.arrayContaining(['surname', 'postcode']));
    expect(full.startsWith('\uFEFFJournal #,Kind,State,')).toBe(true);
  });

  it('pausing a profile holds its rows for every sender of the journal until resumed; send now makes retries due', async () => {
    const { rig: r, call } = await start(store);
    expect(await call('outbox:pause', { profile: 'Sandbox', paused: true })).toEqual({ paused: ['Sandbox'] });
    const queued = await r.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'HELD' }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
    expect(await r.core.pipeline.send(queued.row.id)).toBeUndefined();
    await r.core.outbox.drain();
    expect((await r.core.journal.get(queued.row.id))?.state).toBe('queued');
    // Another process on the same journal (the CLI) sees the pause too.
    const other = await r.openOther();
    try {
      await other.outbox.drain();
      expect((await other.journal.get(queued.row.id))?.state).toBe('queued');
    } finally {
      await other.close();
    }
    await call('outbox:pause', { profile: 'Sandbox', paused: false });
    await r.core.outbox.drain();
    expect((await r.core.journal.get(queued.row.id))?.state).toBe('accepted');

    // The service asks for an hour's wait; "send now" does not wait for it.
    r.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503, retryAfter: 3600 } });
    const failed = await submitted(r, 'LATER');
    expect(failed.state).toBe('failed');
    expect(Date.parse(failed.nextAttemptAt ?? '') - Date.now()).toBeGreaterThan(3_000_000);
    expect(await call('outbox:sendNow', { profile: 'Sandbox' })).toEqual({ due: 1 });
    await r.core.outbox.drain();
    expect((await r.core.journal.get(failed.id))?.state).toBe('accepted');
  });
});
