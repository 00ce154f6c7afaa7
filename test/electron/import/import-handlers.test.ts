import ExcelJS from 'exceljs';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { sampleInput } from '@test/support/service';
import { describeEachStore } from '@test/support/stores';
import { EXPORTED_CSV } from '@test/support/csv-export';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A spreadsheet as a person gets it: its own column names, one bad postcode, dates day first. */
function peopleCsv(dir: string): string {
  const s = sampleInput();
  const header = 'Account Code,Reference,Surname,Post code,Policy,Total value,Policy premium,Purchase date,Notes';
  const line = (ref: string, postcode: string) =>
    [s.account_code, ref, s.surname, postcode, `FP-${ref}`, s.total_value, s.policy_premium, '02/11/2026', 'x'].join(
      ',',
    );
  const path = join(dir, 'from-head-office.csv');
  writeFileSync(
    path,
    [header, line('H-1', 'LS1 4AP'), line('H-2', 'NOT A POSTCODE'), line('H-3', 'LS1 4AP')].join('\n'),
  );
  return path;
}

describeEachStore('the Bulk import handlers', (store) => {
  async function start() {
    rig = await startCoreRig({ store });
    const desk = testDesktop();
    const dispatch = createDispatch(createHandlers(rig.core, desk.desktop));
    const call = async (channel: string, request: unknown) => {
      const answer = await dispatch(channel, request);
      if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
      return answer.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    return { r: rig, desk, dispatch, call };
  }

  it('reads only a file the person chose: the page gets a handle, never a path', async () => {
    const { desk, dispatch, call } = await start();
    expect(await call('imports:choose', {})).toEqual({ file: null, name: null });
    const path = peopleCsv(tempHome());
    desk.toOpen.push(path);
    const chosen = await call('imports:choose', {});
    expect(chosen.name).toBe('from-head-office.csv');
    expect(chosen.file).not.toContain('/');
    const byPath = await dispatch('imports:check', { file: path, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' });
    expect(byPath).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('checks, fixes a row in place, sends, remembers the columns, and exports rejected rows and results', async () => {
    const { r, desk, call } = await start();
    desk.toOpen.push(peopleCsv(tempHome()));
    const { file } = await call('imports:choose', {});
    const base = { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' };
    const check = await call('imports:check', base);
    expect(check).toMatchObject({ kind: 'csv', rows: 3, valid: 2, invalid: 1, missing: [], earlier: null });
    expect(check.mapping).toEqual([
      'account_code',
      'reference',
      'surname',
      'postcode',
      'policy',
      'total_value',
      'policy_premium',
      'purchase_date',
      null,
    ]);
    expect(check.problems).toEqual([expect.objectContaining({ row: 3, fields: { postcode: expect.any(String) } })]);

    // A workbook by default: the file's headings in row 1, the rejected row's cells as the file wrote them.
    const workbook = await call('imports:exportRejected', base);
    expect(workbook).toMatchObject({ rows: 1, path: expect.stringMatching(/-rejected-rows\.xlsx$/) });
    const rejectedBook = new ExcelJS.Workbook();
    await rejectedBook.xlsx.readFile(workbook.path);
    const rejectedSheet = rejectedBook.getWorksheet('Rejected rows')!;
    expect((rejectedSheet.getRow(1).values as unknown[]).slice(1)).toEqual([...check.header, 'Problem']);
    expect(rejectedSheet.getRow(2).getCell(check.mapping.indexOf('reference') + 1).value).toBe('H-2');
    expect(rejectedSheet.rowCount).toBe(2);
    desk.saveAs.push('csv');
    const rejected = await call('imports:exportRejected', base);
    expect(rejected.rows).toBe(1);
    const csv = readFileSync(rejected.path, 'utf8');
    expect(csv.startsWith('\uFEFF'), 'a BOM, so a spreadsheet reads it as UTF-8').toBe(true);
    const [head, ...bad] = parse(csv, EXPORTED_CSV) as string[][];
    // The file's own headings, every column, and what is wrong last.
    expect(head).toEqual([...check.header, 'Problem']);
    expect(bad).toHaveLength(1);
    expect(bad[0]![check.mapping.indexOf('reference')]).toBe('H-2');
    expect(bad[0]!.at(-1)).toMatch(/^Row 3: Postcode: /);

    const fixed = { ...check.problems[0].input, postcode: 'LS2 7EW' };
    const fixes = [{ row: 3, input: fixed }];
    expect(await call('imports:check', { ...base, fixes })).toMatchObject({ valid: 3, invalid: 0 });

    const started = await call('imports:start', { ...base, fixes });
    expect(started).toMatchObject({ queued: 3, already: 0, skipped: [], invalid: 0 });
    expect(r.core.profiles.get('Sandbox')?.importColumns).toMatchObject({ postcode: 'postcode', notes: null });
    await r.core.outbox.drain();
    const status = await call('imports:status', { batch: started.batch.id });
    expect(status).toMatchObject({ counts: { accepted: 3 }, total: 3, remaining: 0 });
    const { rows } = await r.core.journal.list({ batch: started.batch.id, sort: 'id', direction: 'asc' });
    expect(rows.map((x) => [x.batchRow, x.payload.postcode, x.payload.purchase_date])).toEqual([
      [2, 'LS1 4AP', '2026-11-02'],
      [3, 'LS2 7EW', '2026-11-02'],
      [4, 'LS1 4AP', '2026-11-02'],
    ]);

    // The screen saves a workbook by default: headings in row 1 in the screens' words, numbers as numbers.
    const results = await call('imports:exportResults', { batch: started.batch.id });
    expect(results.rows).toBe(3);
    expect(results.path).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(results.path);
    const sheet = book.getWorksheet('Results')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Row',
      'State',
      'Recordid',
      'Message',
      'Reference',
      'Surname',
      'Journal #',
      'Duplicate of',
    ]);
    expect([2, 3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1, 4))).toEqual(
      rows.map((x) => [x.batchRow, 'Accepted', x.recordid]),
    );
    expect(String(book.getWorksheet('Personal data')!.getCell('A1').value)).toMatch(
      /^Contains personal data of customers \(names\)/,
    );
    // CSV when chosen: the same headings in row 1, no notice line; without personal details no surname.
    desk.saveAs.push('csv');
    const plain = await call('imports:exportResults', { batch: started.batch.id, personal: false });
    const plainText = readFileSync(plain.path, 'utf8');
    expect(plainText).not.toContain('Contains personal data');
    expect(plainText).not.toContain('Smith');
    const [plainHead, ...plainLines] = parse(plainText, { bom: true }) as string[][];
    expect(plainHead).toEqual(['Row', 'State', 'Recordid', 'Message', 'Reference', 'Journal #', 'Duplicate of']);
    expect(plainLines.map((l) => l.slice(0, 3))).toEqual(
      rows.map((x) => [String(x.batchRow), 'Accepted', String(x.recordid)]),
    );
    expect((await call('imports:recent', {})).batches[0]).toMatchObject({
      id: started.batch.id,
      fileName: 'from-head-office.csv',
    });

    // The same file again: the earlier batch is named, nothing is queued twice.
    const again = await call('imports:check', { ...base, fixes });
    expect(again).toMatchObject({ earlier: { batch: { id: started.batch.id } }, already: 3, duplicateCount: 0 });
    expect(await call('imports:start', { ...base, fixes })).toMatchObject({ queued: 0, already: 3 });
    // Imported again later without the fix: the row fixed in place was sent, so it is not invalid again.
    const later = await call('imports:check', base);
    expect(later).toMatchObject({ already: 3, invalid: 0, valid: 2 });
    expect(await call('imports:start', base)).toMatchObject({ queued: 0, already: 3, invalid: 0 });
  });

  it('pauses, cancels keeping the rows queued, or discards them; retries only the failed rows', async () => {
    const { r, desk, call } = await start();
    desk.toOpen.push(peopleCsv(tempHome()));
    const { file } = await call('imports:choose', {});
    r.core.outbox.pause();
    r.setUrl('http://127.0.0.1:9');
    await call('imports:check', { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' });
    const started = await call('imports:start', { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' });
    const batch = started.batch.id;
    expect(await call('imports:pause', { batch, paused: true })).toMatchObject({
      batch: { paused: true },
      remaining: 2,
    });
    const kept = await call('imports:cancel', { batch, discard: false });
    expect(kept).toMatchObject({ discarded: 0, status: { batch: { paused: true }, counts: { queued: 2 } } });

    const [first] = (await r.core.journal.list({ batch })).rows;
    expect(await r.core.pipeline.send(first!.id)).toBeUndefined(); // paused: not sendable, untouched
    await call('imports:pause', { batch, paused: false });
    await r.core.pipeline.send(first!.id);
    expect(await r.core.journal.get(first!.id)).toMatchObject({ state: 'failed' });

    r.setUrl(r.sandbox.url);
    const retried = await call('imports:retryFailed', { batch });
    expect(retried).toMatchObject({ retried: 1, status: { counts: { queued: 2 } } });
    const discarded = await call('imports:cancel', { batch, discard: true });
    expect(discarded).toMatchObject({ discarded: 2, status: { counts: { discarded: 2 }, remaining: 0 } });
    expect(r.sandbox.records).toHaveLength(0);
  });

  it('sends only what was checked: the rows read by the check, whatever happens to the file after it', async () => {
    const { r, desk, dispatch, call } = await start();
    const path = peopleCsv(tempHome());
    desk.toOpen.push(path);
    const { file } = await call('imports:choose', {});
    const base = { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' };
    expect(await dispatch('imports:start', base)).toMatchObject({ ok: false, error: { code: 'state' } });
    await call('imports:check', base);
    // Overwritten with other rows, rows appended, then moved away: none of it is sent.
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('H-3', 'H-9') + '\nACME01,H-10,Smith,LS1 4AP,FP-H-10,1,1,02/11/2026,x\n',
    );
    renameSync(path, `${path}.moved`);
    const started = (await call('imports:start', base)) as { queued: number };
    expect(started.queued).toBe(2);
    await r.core.outbox.drain();
    const sent = (await r.core.journal.list({})).rows.map((row) => row.reference).sort();
    expect(sent).toEqual(['H-1', 'H-3']);
  });

  it('dates the chosen order cannot read are said with the orders that would read them', async () => {
    const { desk, call } = await start();
    const path = peopleCsv(tempHome());
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('02/11/2026', '11/28/2026'));
    desk.toOpen.push(path);
    const { file } = await call('imports:choose', {});
    const check = await call('imports:check', { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' });
    expect(check.dateHints).toEqual([{ field: 'purchase_date', found: '11/28/2026', orders: ['MM/DD/YYYY'] }]);
    const reread = await call('imports:check', { file, profile: 'Sandbox', dateOrder: 'MM/DD/YYYY' });
    expect(reread.dateHints).toEqual([]);
  });

  it('a workbook whose date cells lost their format: each day number is read as its date and listed', async () => {
    const { desk, call } = await start();
    const s = sampleInput();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.addRow(['Account Code', 'Reference', 'Surname', 'Post code', 'Policy', 'Total value', 'Purchase date']);
    // 46357 is 1 December 2026, 46358.5 noon the next day; a typed date beside them stays a date
    sheet.addRow([s.account_code, 'S-1', s.surname, 'LS1 4AP', 'FP-S1', 10, 46357]);
    sheet.addRow([s.account_code, 'S-2', s.surname, 'LS1 4AP', 'FP-S2', 10, 46358.5]);
    sheet.addRow([s.account_code, 'S-3', s.surname, 'LS1 4AP', 'FP-S3', 10, '03/12/2026']);
    const path = join(tempHome(), 'unformatted.xlsx');
    await book.xlsx.writeFile(path);
    desk.toOpen.push(path);
    const { file } = await call('imports:choose', {});
    const check = await call('imports:check', { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' });
    expect(check).toMatchObject({ valid: 3, invalid: 0, serialDates: ['purchase_date'], changedRows: 2 });
    expect(check.changes).toEqual([
      { row: 2, field: 'purchase_date', file: '46357', sent: '2026-12-01' },
      { row: 3, field: 'purchase_date', file: '46358.5', sent: '2026-12-02' },
    ]);
  });

  it('a file that cannot be read is refused at its line, in plain words', async () => {
    const { desk, dispatch, call } = await start();
    const path = join(tempHome(), 'broken.csv');
    writeFileSync(path, 'reference,surname\n"unclosed,Smith\n');
    desk.toOpen.push(path);
    const { file } = await call('imports:choose', {});
    const answer = await dispatch('imports:check', { file, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/line 2/i) } });
  });
});
