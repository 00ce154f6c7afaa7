import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { openDatabase } from '../../../electron/main/journal/database';
import { Journal } from '../../../electron/main/journal/journal';
import { Drafts } from '../../../electron/main/journal/drafts';
import { claim, expireLeases, renewLeases } from '../../../electron/main/journal/leases';
import { listSubmissions } from '../../../electron/main/journal/queries';
import { writeJournalCsv } from '../../../electron/main/journal/csv-export';
import { createSqliteStore } from '../../../electron/main/journal/sqlite-store';
import { operatorName } from '../../../electron/main/core/core';
import { startCoreRig, tempHome, type CoreRig } from '../../support/core';
import { sampleInput } from '../../support/service';

const LEASE = { owner: 'test', ms: 60_000 };

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

function queue(r: CoreRig, overrides: Record<string, string> = {}, confirmDuplicate = false) {
  return r.core.pipeline.submit({ kind: 'entry', input: sampleInput(overrides), profile: 'Sandbox', confirmDuplicate });
}

describe('duplicate guard', () => {
  it('warns about the same content or the same reference + policy, with recordid and time', async () => {
    rig = await startCoreRig();
    const first = await queue(rig);
    if (!first.ok) throw new Error('not queued');
    await rig.core.pipeline.send(first.row.id);
    const same = await queue(rig);
    expect(same).toMatchObject({
      ok: false,
      code: 'duplicate',
      duplicate: { id: first.row.id, recordid: 100001, state: 'accepted' },
    });
    const samePolicy = await queue(rig, { surname: 'Jones' });
    expect(samePolicy).toMatchObject({ ok: false, code: 'duplicate', duplicate: { id: first.row.id } });
    expect((await queue(rig, { reference: 'REF-2' })).ok).toBe(true);
    const confirmed = await queue(rig, {}, true);
    expect(confirmed.ok).toBe(true);
  });

  it('also catches one still sending or unknown, but not a rejected or discarded one', async () => {
    rig = await startCoreRig();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'garbage' } });
    const first = await queue(rig);
    if (!first.ok) throw new Error('not queued');
    await rig.core.pipeline.send(first.row.id);
    expect(await queue(rig)).toMatchObject({ code: 'duplicate', duplicate: { state: 'unknown' } });
    await rig.core.journal.discard(first.row.id, 'checked with the service: not stored');
    expect((await queue(rig)).ok).toBe(true);
  });

  it('is per profile', async () => {
    rig = await startCoreRig();
    rig.core.profiles.put({ name: 'Other', baseUrl: 'https://feed.example.com' });
    expect((await queue(rig)).ok).toBe(true);
    expect((await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Other' })).ok).toBe(true);
  });
});

describe('resolution actions', () => {
  it('mark accepted with a recordid, and discard, each with who, when and a note', async () => {
    rig = await startCoreRig();
    rig.sandbox.faults.add({ target: 'entry', times: 2, fault: { kind: 'garbage' } });
    const a = await queue(rig, { reference: 'A' });
    const b = await queue(rig, { reference: 'B' });
    if (!a.ok || !b.ok) throw new Error('not queued');
    await rig.core.pipeline.send(a.row.id);
    await rig.core.pipeline.send(b.row.id);
    const accepted = await rig.core.journal.markAccepted(a.row.id, 100001, 'confirmed by phone');
    expect(accepted).toMatchObject({ state: 'accepted', recordid: 100001 });
    expect((await rig.core.journal.discard(b.row.id)).state).toBe('discarded');
    expect((await rig.core.journal.history(a.row.id)).at(-1)).toMatchObject({
      actor: operatorName(),
      toState: 'accepted',
      note: 'confirmed by phone',
    });
    await expect(rig.core.journal.resend(a.row.id)).rejects.toThrow(/is accepted/);
  });
});

describe('recovery and versions', () => {
  it('turns a row whose lease ran out into unknown, whatever process ids exist now', async () => {
    const journal = new Journal(openDatabase(join(tempHome(), 'journal.sqlite3')));
    const row = journal.insertQueued({ kind: 'entry', profile: 'S', operator: 'x', payload: {}, payloadHash: 'h' });
    // The sender's pid is this live process: a pid check would keep it sending forever.
    claim(journal, row.id, { owner: `host:${process.pid}:gone`, ms: 1000 });
    expect(expireLeases(journal)).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(expireLeases(journal)).toBe(1);
    expect(journal.get(row.id)).toMatchObject({ state: 'unknown' });
    expect(journal.history(row.id).at(-1)?.actor).toBe('system (lease expired)');
    journal.close();
  });

  it('leaves a row alone while its sender renews the lease', async () => {
    const journal = new Journal(openDatabase(join(tempHome(), 'journal.sqlite3')));
    const row = journal.insertQueued({ kind: 'entry', profile: 'S', operator: 'x', payload: {}, payloadHash: 'h' });
    // Renewed every 400 ms for 1.6 s: well past the first expiry, with room for a slow machine.
    const lease = { owner: 'other-desk', ms: 1000 };
    claim(journal, row.id, lease);
    for (let i = 0; i < 4; i += 1) {
      await new Promise((r) => setTimeout(r, 400));
      renewLeases(journal, lease);
      expect(expireLeases(journal)).toBe(0);
    }
    expect(journal.get(row.id)?.state).toBe('sending');
    journal.close();
  });

  it('an answer that arrives after the lease expired settles the unknown, or is kept as a late answer', async () => {
    const journal = new Journal(openDatabase(join(tempHome(), 'journal.sqlite3')));
    const queue = (ref: string) =>
      journal.insertQueued({
        kind: 'entry',
        profile: 'S',
        operator: 'x',
        payload: { reference: ref },
        payloadHash: ref,
      });
    const lease = { owner: 'slow-desk', ms: 20 };
    const a = queue('A');
    const b = queue('B');
    claim(journal, a.id, lease);
    claim(journal, b.id, lease);
    await new Promise((r) => setTimeout(r, 40));
    expect(expireLeases(journal)).toBe(2);
    journal.discard(b.id, 'supervisor', 'keyed again by hand');
    const accepted = { state: 'accepted' as const, recordid: 4711, message: 'Record created', httpStatus: 201 };
    expect(journal.recordOutcome(a.id, lease.owner, accepted)).toMatchObject({ state: 'accepted', recordid: 4711 });
    expect(journal.history(a.id).at(-1)?.actor).toBe('system (late answer)');
    expect(journal.recordOutcome(b.id, lease.owner, accepted)).toMatchObject({ state: 'discarded', recordid: null });
    expect(journal.history(b.id).at(-1)?.note).toMatch(/finally answered: accepted with recordid 4711/);
    journal.close();
  });

  it('opens in WAL mode with synchronous=FULL', () => {
    const db = openDatabase(join(tempHome(), 'journal.sqlite3'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a journal from a newer schema with a clear message, leaving it unchanged', () => {
    const file = join(tempHome(), 'journal.sqlite3');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.exec('CREATE TABLE future (x)');
    raw.close();
    expect(() => openDatabase(file)).toThrow(/written by a newer Feed Desk \(schema 99.*not changed/);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
    after.close();
  });
});

describe('drafts', () => {
  it('survive a reopen and are removed once submitted', () => {
    const file = join(tempHome(), 'journal.sqlite3');
    const db = openDatabase(file);
    new Drafts(db).save('new-entry', 'Sandbox', { surname: 'Half-typ' });
    db.close();
    const again = openDatabase(file);
    const drafts = new Drafts(again);
    expect(drafts.get('new-entry')).toMatchObject({ profile: 'Sandbox', payload: { surname: 'Half-typ' } });
    drafts.delete('new-entry');
    expect(drafts.get('new-entry')).toBeUndefined();
    again.close();
  });
});

describe('review queries and export', () => {
  function seed(journal: Journal) {
    const rows = [
      { reference: 'ALPHA', surname: 'Smith', policy: 'P1', postcode: 'LS1 4AP', profile: 'Sandbox', op: 'ann' },
      { reference: 'BRAVO', surname: 'Łukasz', policy: 'P2', postcode: 'M1 1AE', profile: 'Live', op: 'bob' },
      { reference: '=HYPERLINK("x")', surname: '+Jones', policy: '-P3', postcode: '@X', profile: 'Sandbox', op: 'ann' },
    ];
    return rows.map((r) =>
      journal.insertQueued({
        kind: 'entry',
        profile: r.profile,
        operator: r.op,
        payload: {
          reference: r.reference,
          surname: r.surname,
          policy: r.policy,
          postcode: r.postcode,
          description: 'a, "quoted"\r\nline',
        },
        payloadHash: r.reference,
      }),
    );
  }

  it('filters by state, operator, profile, text and date, pages and sorts', () => {
    const db = openDatabase(join(tempHome(), 'journal.sqlite3'));
    const journal = new Journal(db);
    const [a, b] = seed(journal);
    claim(journal, a!.id, LEASE);
    journal.recordOutcome(a!.id, LEASE.owner, { state: 'accepted', recordid: 555, message: 'ok', httpStatus: 201 });
    expect(listSubmissions(db, { states: ['accepted'] }).rows.map((r) => r.id)).toEqual([a!.id]);
    expect(listSubmissions(db, { operator: 'bob' }).rows.map((r) => r.id)).toEqual([b!.id]);
    expect(listSubmissions(db, { profile: 'Sandbox' }).total).toBe(2);
    expect(listSubmissions(db, { text: 'alpha' }).rows[0]?.id).toBe(a!.id);
    expect(listSubmissions(db, { text: 'Łukasz' }).rows[0]?.id).toBe(b!.id);
    expect(listSubmissions(db, { text: 'łukasz' }).rows[0]?.id).toBe(b!.id);
    expect(listSubmissions(db, { text: 'kas' }).rows.map((r) => r.id)).toEqual([b!.id]);
    expect(listSubmissions(db, { text: '555' }).rows[0]?.id).toBe(a!.id);
    expect(listSubmissions(db, { text: 'm1 1' }).rows[0]?.id).toBe(b!.id);
    expect(listSubmissions(db, { text: '%' }).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(listSubmissions(db, { from: today, to: today }).total).toBe(3);
    expect(listSubmissions(db, { to: '2000-01-01' }).total).toBe(0);
    const page = listSubmissions(db, { sort: 'reference', direction: 'asc', limit: 2, offset: 1 });
    expect(page.rows.map((r) => r.reference)).toEqual(['ALPHA', 'BRAVO']);
    expect(page.total).toBe(3);
    expect(listSubmissions(db, { reviewed: false }).total).toBe(3);
    db.close();
  });

  it('exports RFC 4180 CSV with Unicode intact and formula-looking cells defused', async () => {
    const store = createSqliteStore(join(tempHome(), 'journal.sqlite3'), 'clerk');
    seed(store.journal);
    let csv = '';
    await writeJournalCsv(store, { sort: 'id', direction: 'asc' }, (text) => (csv += text));
    expect(csv.split('\r\n')[0]?.startsWith('id,kind,state,recordid')).toBe(true);
    const records = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(3);
    expect(records[1]?.surname).toBe('Łukasz');
    expect(records[0]?.description).toBe('a, "quoted"\r\nline');
    expect(records[2]).toMatchObject({
      reference: `'=HYPERLINK("x")`,
      surname: "'+Jones",
      policy: "'-P3",
      postcode: "'@X",
    });
    await store.close();
  });
});
