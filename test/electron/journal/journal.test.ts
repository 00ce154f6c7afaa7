import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { parse } from 'csv-parse/sync';
import { openDatabase } from '@main/journal/sqlite/database';
import { writeJournalCsv } from '@main/journal/csv-export';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore, NewSubmission } from '@main/journal/store';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';
import { describeEachStore, freshOfficeJournal, RIG_USER, type StoreKind } from '@test/support/stores';
import { EXPORTED_CSV } from '@test/support/csv-export';
import { PERSONAL_FIELDS, personalDataNotice } from '@shared/journal/personal-fields';

const LEASE = { owner: 'test', ms: 60_000 };

let rig: CoreRig | undefined;
let stores: JournalStore[] = [];
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

/** A fresh, empty journal of the kind (closed after the test). */
async function openStore(kind: StoreKind): Promise<JournalStore> {
  const store =
    kind === 'sqlite'
      ? createSqliteStore(join(tempHome(), 'journal.sqlite3'), 'clerk')
      : await (await freshOfficeJournal()).open();
  stores.push(store);
  return store;
}

function queue(r: CoreRig, overrides: Record<string, string> = {}, confirmDuplicate = false) {
  return r.core.pipeline.submit({ kind: 'entry', input: sampleInput(overrides), profile: 'Sandbox', confirmDuplicate });
}

/** Queues a row straight into a store (no profile checks), as the pipeline would. */
async function queued(store: JournalStore, payload: Record<string, string>, profile = 'S') {
  const submission: NewSubmission = {
    kind: 'entry',
    profile,
    operator: 'x',
    payload,
    payloadHash: JSON.stringify(payload),
  };
  const result = await store.queue(submission, true);
  if (!result.row) throw new Error('not queued');
  return result.row;
}

describeEachStore('duplicate guard', (store) => {
  it('warns about the same content or the same reference + policy, with recordid and time', async () => {
    rig = await startCoreRig({ store });
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
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'garbage' } });
    const first = await queue(rig);
    if (!first.ok) throw new Error('not queued');
    await rig.core.pipeline.send(first.row.id);
    expect(await queue(rig)).toMatchObject({ code: 'duplicate', duplicate: { state: 'unknown' } });
    await rig.core.journal.discard(first.row.id, 'checked with the service: not stored');
    expect((await queue(rig)).ok).toBe(true);
  });

  it('is per profile', async () => {
    rig = await startCoreRig({ store });
    rig.core.profiles.put({ name: 'Other', baseUrl: 'https://feed.example.com' });
    expect((await queue(rig)).ok).toBe(true);
    expect((await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Other' })).ok).toBe(true);
  });
});

describeEachStore('resolution actions', (store) => {
  it('mark accepted with a recordid, and discard, each with who, when and a note', async () => {
    rig = await startCoreRig({ store });
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
      actor: rig.core.journal.location.user,
      toState: 'accepted',
      note: 'confirmed by phone',
    });
    await expect(rig.core.journal.resend(a.row.id)).rejects.toThrow(/is accepted/);
  });
});

/** What the journal calls its own doing: `system (…)` here, naming the desk's database user in an office. */
const systemActor = (kind: StoreKind, what: string) =>
  kind === 'sqlite' ? `system (${what})` : `system (${RIG_USER.user}'s desk, ${what})`;

describeEachStore('recovery', (kind) => {
  it('turns a row whose lease ran out into unknown, whatever process ids exist now', async () => {
    const store = await openStore(kind);
    const row = await queued(store, { reference: 'R' });
    // The sender's pid is this live process: a pid check would keep it sending forever.
    await store.claim(row.id, { owner: `host:${process.pid}:gone`, ms: 1000 });
    expect(await store.expireLeases()).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.expireLeases()).toBe(1);
    expect(await store.get(row.id)).toMatchObject({ state: 'unknown' });
    expect((await store.history(row.id)).at(-1)?.actor).toBe(systemActor(kind, 'lease expired'));
  });

  it('leaves a row alone while its sender renews the lease', async () => {
    const store = await openStore(kind);
    const row = await queued(store, { reference: 'R' });
    // Renewed every 400 ms for 1.6 s: well past the first expiry, with room for a slow machine.
    const lease = { owner: 'other-desk', ms: 1000 };
    await store.claim(row.id, lease);
    for (let i = 0; i < 4; i += 1) {
      await new Promise((r) => setTimeout(r, 400));
      await store.renewLeases(lease);
      expect(await store.expireLeases()).toBe(0);
    }
    expect((await store.get(row.id))?.state).toBe('sending');
  });

  it('an answer that arrives after the lease expired settles the unknown, or is kept as a late answer', async () => {
    const store = await openStore(kind);
    const lease = { owner: 'slow-desk', ms: 20 };
    const a = await queued(store, { reference: 'A' });
    const b = await queued(store, { reference: 'B' });
    const claimed = (await store.claim(a.id, lease))!;
    const claimedB = (await store.claim(b.id, lease))!;
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.expireLeases()).toBe(2);
    await store.discard(b.id, 'keyed again by hand');
    const accepted = { state: 'accepted' as const, recordid: 4711, message: 'Record created', httpStatus: 201 };
    expect((await store.recordOutcome(claimed, lease.owner, accepted)).row).toMatchObject({
      state: 'accepted',
      recordid: 4711,
    });
    expect((await store.history(a.id)).at(-1)?.actor).toBe(systemActor(kind, 'late answer'));
    expect((await store.recordOutcome(claimedB, lease.owner, accepted)).row).toMatchObject({
      state: 'discarded',
      recordid: null,
    });
    expect((await store.history(b.id)).at(-1)?.note).toMatch(/finally answered: accepted with recordid 4711/);
  });
});

describe('the journal file on this computer', () => {
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

describeEachStore('drafts', (kind) => {
  it('are kept per screen, replaced by the next save, and removed once submitted', async () => {
    const store = await openStore(kind);
    await store.drafts.save('new-entry', 'Sandbox', { surname: 'Half-typ' });
    await store.drafts.save('new-entry', 'Sandbox', { surname: 'Half-typed' });
    expect(await store.drafts.get('new-entry')).toMatchObject({
      profile: 'Sandbox',
      payload: { surname: 'Half-typed' },
    });
    expect(await store.drafts.get('cancellation')).toBeUndefined();
    await store.drafts.delete('new-entry');
    expect(await store.drafts.get('new-entry')).toBeUndefined();
  });

  it('survive a reopen (this computer)', async () => {
    const file = join(tempHome(), 'journal.sqlite3');
    const first = createSqliteStore(file, 'clerk');
    await first.drafts.save('new-entry', 'Sandbox', { surname: 'Half-typ' });
    await first.close();
    const again = createSqliteStore(file, 'clerk');
    stores.push(again);
    expect(await again.drafts.get('new-entry')).toMatchObject({ payload: { surname: 'Half-typ' } });
  });
});

describeEachStore('review queries and export', (kind) => {
  const ROWS = [
    { reference: 'ALPHA', surname: 'Smith', policy: 'P1', postcode: 'LS1 4AP', profile: 'Sandbox' },
    { reference: 'BRAVO', surname: 'Łukasz', policy: 'P2', postcode: 'M1 1AE', profile: 'Live' },
    { reference: '=HYPERLINK("x")', surname: '+Jones', policy: '-P3', postcode: '@X', profile: 'Sandbox' },
  ];
  async function seed(store: JournalStore) {
    const rows = [];
    for (const { profile, ...fields } of ROWS) {
      rows.push(await queued(store, { ...fields, description: 'a, "quoted"\r\nline' }, profile));
    }
    return rows;
  }

  it('filters by state, operator, profile, text and date, pages and sorts', async () => {
    const store = await openStore(kind);
    const [a, b] = await seed(store);
    const claimed2 = (await store.claim(a!.id, LEASE))!;
    await store.recordOutcome(claimed2, LEASE.owner, {
      state: 'accepted',
      recordid: 555,
      message: 'ok',
      httpStatus: 201,
    });
    const ids = async (filter: Parameters<JournalStore['list']>[0]) => (await store.list(filter)).rows.map((r) => r.id);
    const total = async (filter: Parameters<JournalStore['list']>[0]) => (await store.list(filter)).total;
    expect(await ids({ states: ['accepted'] })).toEqual([a!.id]);
    const operator = (await store.get(a!.id))!.operator;
    expect(await total({ operator })).toBe(3);
    expect(await total({ operator: 'nobody' })).toBe(0);
    expect(await ids({ profile: 'Live' })).toEqual([b!.id]);
    expect(await total({ profile: 'Sandbox' })).toBe(2);
    expect((await ids({ text: 'alpha' }))[0]).toBe(a!.id);
    expect((await ids({ text: 'Łukasz' }))[0]).toBe(b!.id);
    expect((await ids({ text: 'łukasz' }))[0]).toBe(b!.id);
    expect(await ids({ text: 'kas' })).toEqual([b!.id]);
    expect((await ids({ text: '555' }))[0]).toBe(a!.id);
    expect((await ids({ text: 'm1 1' }))[0]).toBe(b!.id);
    expect(await total({ text: '%' })).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(await total({ from: today, to: today })).toBe(3);
    expect(await total({ to: '2000-01-01' })).toBe(0);
    const page = await store.list({ sort: 'reference', direction: 'asc', limit: 2, offset: 1 });
    expect(page.rows.map((r) => r.reference)).toEqual(['ALPHA', 'BRAVO']);
    expect(page.total).toBe(3);
    expect(await total({ reviewed: false })).toBe(3);
    expect(await store.markReviewed([b!.id], 'fine')).toBe(1);
    expect(await ids({ reviewed: true })).toEqual([b!.id]);
  });

  it('exports RFC 4180 CSV with Unicode intact and formula-looking cells defused', async () => {
    const store = await openStore(kind);
    await seed(store);
    let csv = '';
    const rows = await writeJournalCsv(store, { sort: 'id', direction: 'asc' }, (text) => (csv += text));
    expect(rows).toBe(3);
    // The rows hold surnames: the personal-data notice comes first, then the header.
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      `\uFEFF# ${personalDataNotice(PERSONAL_FIELDS)}`,
      expect.stringMatching(/^id,kind,state,recordid,/),
    ]);
    const records = parse(csv, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(3);
    expect(records[1]?.surname).toBe('Łukasz');
    expect(records[0]?.description).toBe('a, "quoted"\r\nline');
    expect(records[2]).toMatchObject({
      reference: `'=HYPERLINK("x")`,
      surname: "'+Jones",
      policy: "'-P3",
      postcode: "'@X",
    });
  });

  it('tells listeners about each committed change, with the row as it now is', async () => {
    const store = await openStore(kind);
    const seen: string[] = [];
    store.onChange((row) => seen.push(`${row.id}:${row.state}`));
    const row = await queued(store, { reference: 'LIVE' });
    await store.claim(row.id, LEASE);
    // Each change is told once; by the time it is read, the row may already be further on.
    // LISTEN/NOTIFY is asynchronous: wait for the condition (as the office suites do, up to 5 s), never a fixed time.
    await vi.waitFor(() => expect(seen.at(-1)).toBe(`${row.id}:sending`), { timeout: 5_000 });
    expect(seen).toHaveLength(2);
  });
});
