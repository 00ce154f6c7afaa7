import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { parse } from 'csv-parse/sync';
import { createSqliteStore } from '../../../electron/main/journal/sqlite/store';
import { writePersonExport } from '../../../electron/main/journal/privacy-export';
import { JournalStateError } from '../../../electron/main/journal/errors';
import type { JournalStore, NewSubmission } from '../../../electron/main/journal/store';
import { PERSONAL_FIELDS } from '../../../shared/journal/personal-fields';
import type { JournalState, SubmissionRow } from '../../../shared/journal/types';
import { payloadHash } from '../../../electron/main/journal/payload-hash';
import { tempHome } from '../../support/core';
import { describeEachStore, type StoreKind } from '../../support/stores';
import { startOffice, type Office } from './postgres/office-rig';

const LEASE = { owner: 'privacy-test', ms: 60_000 };

/** A full entry's payload: personal fields (each value unique to the row) and the rest. */
function payload(tag: string, person: Record<string, string> = {}): Record<string, string> {
  return {
    account_code: 'ACME01',
    reference: `REF-${tag}`,
    title: 'Dr',
    initials: 'QX',
    surname: `Zorbek${tag}`,
    address1: `1 ${tag} Lane`,
    address2: 'Flat 2',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: `LS${tag.length} 9ZZ`,
    email: `zorbek.${tag}@example.com`.toLowerCase(),
    telephone: '0113 496 0000',
    policy: `POL-${tag}`,
    total_value: '1299.50',
    policy_premium: '89.99',
    purchase_date: '2026-01-02',
    ...person,
  };
}

function submission(values: Record<string, string>): NewSubmission {
  return {
    kind: 'entry',
    profile: 'Sandbox',
    operator: 'os-user',
    payload: values,
    payloadHash: payloadHash('entry', values),
  };
}

/** A journal of one kind with the means to date rows back (what time does in a real office). */
interface Rig {
  store: JournalStore;
  /** Moves rows' creation (and their batch rows' recording) `days` days back. */
  backdate(ids: readonly number[], days: number, batch?: number): Promise<void>;
  /** The payload hashes the journal keeps for rows (not part of a row as the store gives it). */
  hashes(ids: readonly number[]): Promise<string[]>;
  close(): Promise<void>;
}

let office: Office | undefined;

async function openRig(kind: StoreKind): Promise<Rig> {
  if (kind === 'sqlite') {
    const path = join(tempHome(), 'journal.sqlite3');
    const store = createSqliteStore(path, 'desk-user');
    return {
      store,
      async backdate(ids, days, batch) {
        const raw = new Database(path);
        const at = new Date(Date.now() - days * 86_400_000).toISOString();
        raw
          .prepare(`UPDATE submissions SET created_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`)
          .run(at, ...ids);
        if (batch) raw.prepare('UPDATE batch_rows SET recorded_at = ? WHERE batch_id = ?').run(at, batch);
        raw.close();
      },
      async hashes(ids) {
        const raw = new Database(path, { readonly: true });
        try {
          return ids.map(
            (id) => raw.prepare('SELECT payload_hash FROM submissions WHERE id = ?').pluck().get(id) as string,
          );
        } finally {
          raw.close();
        }
      },
      close: () => store.close(),
    };
  }
  office ??= await startOffice();
  const on = office;
  // Each rig gets a journal without the earlier tests' rows.
  await on.sql(
    'owner',
    'TRUNCATE feed_desk.history, feed_desk.batch_rows, feed_desk.submissions, feed_desk.batches CASCADE',
  );
  await on.sql('owner', 'UPDATE feed_desk.retention SET days = NULL, set_by = NULL, set_at = NULL');
  const store = await on.open('supervisor');
  return {
    store,
    async backdate(ids, days, batch) {
      await on.sql(
        'owner',
        `UPDATE feed_desk.submissions SET created_at = now() - $2 * interval '1 day' WHERE id = ANY ($1)`,
        [ids, days],
      );
      if (batch)
        await on.sql(
          'owner',
          `UPDATE feed_desk.batch_rows SET recorded_at = now() - $2 * interval '1 day' WHERE batch_id = $1`,
          [batch, days],
        );
    },
    async hashes(ids) {
      const { rows } = await on.sql('owner', 'SELECT id, payload_hash FROM feed_desk.submissions WHERE id = ANY ($1)', [
        ids,
      ]);
      return ids.map(
        (id) => (rows as Array<{ id: string; payload_hash: string }>).find((r) => Number(r.id) === id)!.payload_hash,
      );
    },
    close: () => store.close(),
  };
}

afterAll(() => office?.stop());

async function queue(store: JournalStore, values: Record<string, string>): Promise<SubmissionRow> {
  const result = await store.queue(submission(values), true);
  if (!result.row) throw new Error('not queued');
  return result.row;
}

/** A row brought to a state the way the app gets it there. */
async function inState(store: JournalStore, state: JournalState, tag: string): Promise<SubmissionRow> {
  const row = await queue(store, payload(tag));
  if (state === 'queued') return row;
  if (state === 'discarded') return store.discard(row.id, 'not wanted');
  await store.claim(row.id, LEASE);
  if (state === 'sending') return (await store.get(row.id))!;
  const outcome =
    state === 'accepted'
      ? ({ state, recordid: 500_000 + row.id, message: 'Stored', httpStatus: 201 } as const)
      : ({
          state: state as 'rejected' | 'failed' | 'unknown',
          code: state,
          // The service quotes the surname back: it must not outlive the rule either.
          message: `surname Zorbek${tag} is not on file`,
          httpStatus: state === 'rejected' ? 400 : null,
          fields: state === 'rejected' ? { surname: `Zorbek${tag} is unknown` } : null,
          nextAttemptAt: null,
        } as const);
  return (await store.recordOutcome(row.id, LEASE.owner, outcome)).row;
}

/** The personal fields a row still holds a value for. */
const personal = (row: SubmissionRow) => PERSONAL_FIELDS.filter((f) => row.payload[f]);
/** A payload as removal leaves it: every personal field blank, the rest as keyed. */
const blanked = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, (PERSONAL_FIELDS as readonly string[]).includes(k) ? '' : v]),
  );

describeEachStore('retention of personal details', (kind) => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await openRig(kind);
  }, 120_000);
  afterAll(() => rig?.close());

  it('with a 1-day rule removes them from settled rows dated back only, with a history line, nothing else changed', async () => {
    const { store } = rig;
    expect(await store.privacy.retention()).toMatchObject({ days: null });
    const old = {
      accepted: await inState(store, 'accepted', 'acc'),
      rejected: await inState(store, 'rejected', 'rej'),
      discarded: await inState(store, 'discarded', 'dis'),
      queued: await inState(store, 'queued', 'que'),
      sending: await inState(store, 'sending', 'snd'),
      failed: await inState(store, 'failed', 'fai'),
      unknown: await inState(store, 'unknown', 'unk'),
    };
    // superseded: a rejected row whose correction was accepted.
    const wrong = await inState(store, 'rejected', 'sup');
    const fix = await queue(store, payload('fix'));
    await store.linkCorrection(fix.id, wrong.id);
    await store.claim(fix.id, LEASE);
    await store.recordOutcome(fix.id, LEASE.owner, {
      state: 'accepted',
      recordid: 777,
      message: 'ok',
      httpStatus: 201,
    });
    const superseded = (await store.get(wrong.id))!;
    expect(superseded.state).toBe('superseded');
    const today = await inState(store, 'accepted', 'new');
    const batch = await store.batches.open({ profile: 'Sandbox', fileName: 'f.csv', contentHash: 'h-1', fileRows: 2 });
    await store.batches.leaveOut(batch.id, [
      { row: 2, status: 'invalid', errors: { email: 'Not an e-mail' }, duplicateOf: null, values: payload('left') },
    ]);

    const dated = [...Object.values(old), superseded].map((r) => r.id);
    await rig.backdate([...dated, fix.id], 3, batch.id);
    const settled = [old.accepted, old.rejected, old.discarded, superseded].map((r) => r.id);
    const before = new Map(
      await Promise.all([...dated, today.id].map(async (id) => [id, await store.get(id)] as const)),
    );
    const historyBefore = await store.histories([...dated, today.id]);

    expect(await store.privacy.setRetention(1)).toMatchObject({ days: 1 });
    // fix (accepted, dated back too) is settled as well: 4 rows + fix.
    expect(await store.privacy.purge()).toBe(settled.length + 1);

    for (const id of settled) {
      const was = before.get(id)!;
      const now = (await store.get(id))!;
      expect(personal(now)).toEqual([]);
      expect(now.payload).toEqual(blanked(was.payload));
      expect(now).toMatchObject({ surname: '', postcode: '', state: was.state, recordid: was.recordid });
      expect({ ...now, payload: 0, surname: 0, postcode: 0, message: 0, errorFields: 0 }).toEqual({
        ...was,
        payload: 0,
        surname: 0,
        postcode: 0,
        message: 0,
        errorFields: 0,
      });
      const lines = (await store.history(id)).slice(historyBefore.get(id)!.length);
      expect(lines).toEqual([
        {
          fromState: was.state,
          toState: was.state,
          actor: kind === 'sqlite' ? 'desk-user' : 'sam',
          at: expect.any(String),
          note: 'personal details removed under the 1-day rule',
        },
      ]);
      expect(await store.history(id)).toEqual([...historyBefore.get(id)!, ...lines]);
    }
    const rejected = (await store.get(old.rejected.id))!;
    expect(rejected.message).toBe('surname [removed] is not on file');
    expect(rejected.errorFields).toEqual({ surname: '[removed] is unknown' });
    // Rows not settled, and the row keyed today, are exactly as they were.
    for (const row of [old.queued, old.sending, old.failed, old.unknown, today]) {
      expect(await store.get(row.id)).toEqual(before.get(row.id));
      expect(await store.history(row.id)).toEqual(historyBefore.get(row.id));
    }
    // The free-text search no longer finds them; the rows left alone it still finds.
    expect((await store.list({ text: 'Zorbekacc' })).total).toBe(0);
    expect((await store.list({ text: 'Zorbekque' })).total).toBe(1);
    // The left-out batch row lost them too.
    const [left] = await store.batches.leftOut(batch.id);
    expect(left?.values).toEqual(blanked(payload('left')));
    // A second run finds nothing more to do.
    expect(await store.privacy.purge()).toBe(0);
  });

  it("removes a cancellation's fields marked personal in the profiles, from cancellations only", async () => {
    const { store } = rig;
    const values = {
      recordid: '4242',
      cancellation_date: '2026-03-01',
      reason: 'moved abroad',
      caller_name: 'Mrs Quillon',
    };
    const result = await store.queue({ ...submission(values), kind: 'cancellation', payloadHash: 'c-1' }, true);
    const cancellation = await store.discard(result.row!.id, 'Mrs Quillon rang back');
    // An entry with a key of the same name (a field of another kind) keeps it.
    const entry = await store.discard((await queue(store, payload('ent', { caller_name: 'kept' } as never))).id);
    await rig.backdate([cancellation.id, entry.id], 3);
    // A default field named among them (a desk's mistake, or a supervisor's) is never removed.
    expect(await store.privacy.purge(1, ['caller_name', 'reason', 'recordid'])).toBeGreaterThanOrEqual(2);
    expect((await store.get(cancellation.id))?.payload).toEqual({ ...values, caller_name: '' });
    expect((await store.history(cancellation.id)).map((h) => h.note)).toContain('[removed] rang back');
    expect((await store.get(entry.id))?.payload.caller_name).toBe('kept');
    if (kind === 'postgres') {
      // The office journal keeps the names a supervisor's desk gave: a purge from a desk (or a
      // server) without those profiles removes them too.
      const later = await store.queue({ ...submission(values), kind: 'cancellation', payloadHash: 'c-2' }, true);
      await store.discard(later.row!.id);
      await rig.backdate([later.row!.id], 3);
      expect(await store.privacy.purge(1)).toBe(1);
      expect((await store.get(later.row!.id))?.payload).toEqual({ ...values, caller_name: '' });
    }
  });

  it('purges on demand with an age of its own; off removes nothing', async () => {
    const { store } = rig;
    await store.privacy.setRetention(null);
    const row = await inState(store, 'accepted', 'dem');
    await rig.backdate([row.id], 10);
    expect(await store.privacy.purge()).toBe(0);
    expect(await store.privacy.purge(30)).toBe(0);
    expect(personal((await store.get(row.id))!)).toHaveLength(PERSONAL_FIELDS.length);
    expect(await store.privacy.purge(7)).toBe(1);
    expect(personal((await store.get(row.id))!)).toEqual([]);
    expect((await store.history(row.id)).at(-1)?.note).toBe('personal details removed under the 7-day rule');
    await expect(store.privacy.setRetention(0)).rejects.toThrow(/from 1 to 36500/);
  });

  if (kind === 'sqlite') {
    it('leaves no byte of a removed value in the journal file or its WAL', async () => {
      const path = join(tempHome(), 'journal.sqlite3');
      const store = createSqliteStore(path, 'desk-user');
      try {
        const row = await inState(store, 'accepted', 'sentinelqwv');
        await store.privacy.purge(0);
        expect(personal((await store.get(row.id))!)).toEqual([]);
        for (const file of [path, `${path}-wal`]) {
          const bytes = (() => {
            try {
              return readFileSync(file);
            } catch {
              return Buffer.alloc(0);
            }
          })();
          for (const needle of ['Zorbeksentinelqwv', 'zorbek.sentinelqwv@example.com', '1 sentinelqwv Lane']) {
            expect(bytes.includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
          }
        }
      } finally {
        await store.close();
      }
    });
  }
});

describeEachStore("a person's data: find, export, erase", (kind) => {
  let rig: Rig;
  const PERSON = { email: 'Ann.Oduya@Example.com', surname: 'Oduya', postcode: 'M1 1AE' };
  let theirs: number[] = [];
  beforeAll(async () => {
    rig = await openRig(kind);
    const { store } = rig;
    // 1,000 rows: three about Ann (the e-mail and surname written as keyed, in other cases and
    // spacing), near misses, and the rest.
    const made: SubmissionRow[] = [];
    for (let i = 0; i < 1000; i += 1) {
      let values = payload(`r${i}`);
      if (i === 100) values = payload('r100', PERSON);
      if (i === 500) values = payload('r500', { email: 'ann.oduya@example.COM', surname: 'ODUYA', postcode: 'm11ae' });
      if (i === 900)
        values = payload('r900', { email: ' ann.oduya@example.com', surname: 'oduya ', postcode: 'M1  1AE' });
      if (i === 101)
        values = payload('r101', { email: 'x.ann.oduya@example.com', surname: 'Oduya', postcode: 'M1 1AF' });
      if (i === 102) values = payload('r102', { surname: 'Oduyan', postcode: 'M1 1AE' });
      made.push(await queue(store, values));
    }
    theirs = [made[100]!.id, made[500]!.id, made[900]!.id];
  }, 180_000);
  afterAll(() => rig?.close());

  it('finds the three rows by e-mail, and by surname with postcode, whatever the case and spaces', async () => {
    const ids = (rows: SubmissionRow[]) => rows.map((r) => r.id);
    expect(ids(await rig.store.privacy.find({ email: 'ANN.ODUYA@example.com' }))).toEqual(theirs);
    expect(ids(await rig.store.privacy.find({ surname: ' oDUya', postcode: 'm1 1ae' }))).toEqual(theirs);
    expect(await rig.store.privacy.find({ email: 'nobody@example.com' })).toEqual([]);
  });

  it('exports them as they were sent, as CSV and as JSON with their history', async () => {
    let csv = '';
    expect(await writePersonExport(rig.store, theirs, 'csv', (t) => (csv += t))).toBe(3);
    const [notice, ...table] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(notice).toMatch(/^# Contains personal data/);
    const records = parse(table.join('\r\n'), { columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => [Number(r.id), r.email, r.surname, r.postcode])).toEqual([
      [theirs[0], PERSON.email, PERSON.surname, PERSON.postcode],
      [theirs[1], 'ann.oduya@example.COM', 'ODUYA', 'm11ae'],
      [theirs[2], ' ann.oduya@example.com', 'oduya ', 'M1  1AE'],
    ]);
    let json = '';
    await writePersonExport(
      rig.store,
      theirs,
      'json',
      (t) => (json += t),
      (row) => [['sent', row.reference]],
    );
    const parsed = JSON.parse(json) as {
      rows: Array<{ id: number; payload: Record<string, string>; sent_as: unknown; history: Array<{ to: string }> }>;
    };
    expect(parsed.rows.map((r) => r.id)).toEqual(theirs);
    expect(parsed.rows[0]?.payload).toEqual(payload('r100', PERSON));
    expect(parsed.rows[0]?.sent_as).toEqual([['sent', 'REF-r100']]);
    expect(parsed.rows[0]?.history.map((h) => h.to)).toEqual(['queued']);
    await expect(writePersonExport(rig.store, [999_999], 'csv', () => undefined)).rejects.toThrow(
      /No journal entry 999999/,
    );
  });

  it('erases them with a reason (who, when, why in the history), refusing rows that may still be sent', async () => {
    const { store } = rig;
    const listBefore = (await store.list({ limit: 1000, sort: 'id', direction: 'asc' })).rows.filter(
      (r) => !theirs.includes(r.id),
    );
    await expect(store.privacy.erase(theirs, 'access request 12')).rejects.toBeInstanceOf(JournalStateError);
    await expect(store.privacy.erase(theirs, 'access request 12')).rejects.toThrow(/is queued: it may still be sent/);
    expect(personal((await store.get(theirs[0]!))!)).toHaveLength(PERSONAL_FIELDS.length);
    await expect(store.privacy.erase([theirs[0]!], '   ')).rejects.toThrow(/needs a reason/);
    // A note quoting her, and rows an import left out: one hers (by e-mail), one someone else's.
    await store.discard(theirs[0]!, `${PERSON.surname} phoned to withdraw`);
    for (const id of theirs.slice(1)) await store.discard(id, 'customer withdrew');
    const batch = await store.batches.open({ profile: 'Sandbox', fileName: 'a.csv', contentHash: 'h', fileRows: 3 });
    const hers = payload('b1', { email: PERSON.email, postcode: PERSON.postcode });
    const other = payload('b2');
    await store.batches.leaveOut(batch.id, [
      {
        row: 2,
        status: 'invalid',
        errors: { account_code: `not for ${hers.surname}` },
        duplicateOf: null,
        values: hers,
      },
      {
        row: 3,
        status: 'invalid',
        errors: { account_code: `not for ${other.surname}` },
        duplicateOf: null,
        values: other,
      },
    ]);
    const hashesBefore = await rig.hashes(theirs);
    expect(hashesBefore.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);

    expect(await store.privacy.erase(theirs, `erasure request from Ann ${PERSON.surname}, ticket 12`)).toBe(3);
    // The payload's hash would confirm a guess at her details: it goes with them.
    expect(await rig.hashes(theirs)).toEqual(['removed', 'removed', 'removed']);
    expect((await store.history(theirs[0]!)).map((h) => h.note)).toEqual([
      null,
      '[removed] phoned to withdraw',
      'personal details erased: erasure request from Ann [removed], ticket 12',
    ]);
    expect(await store.batches.leftOut(batch.id)).toEqual([
      expect.objectContaining({ row: 2, values: blanked(hers), errors: { account_code: 'not for [removed]' } }),
      expect.objectContaining({ row: 3, values: other, errors: { account_code: `not for ${other.surname}` } }),
    ]);
    for (const id of theirs.slice(1)) {
      expect((await store.history(id)).at(-1)?.note).toBe(
        'personal details erased: erasure request from Ann [removed], ticket 12',
      );
    }
    for (const id of theirs) {
      const row = (await store.get(id))!;
      expect(personal(row)).toEqual([]);
      expect(row).toMatchObject({
        state: 'discarded',
        surname: '',
        postcode: '',
        reference: expect.stringMatching(/^REF-/),
      });
      expect((await store.history(id)).at(-1)).toMatchObject({
        fromState: 'discarded',
        toState: 'discarded',
        actor: kind === 'sqlite' ? 'desk-user' : 'sam',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    expect(await store.privacy.find({ email: PERSON.email })).toEqual([]);
    expect(await store.privacy.find({ surname: PERSON.surname, postcode: PERSON.postcode })).toEqual([]);
    // The other 997 rows are untouched.
    expect(listBefore).toHaveLength(997);
    const listAfter = (await store.list({ limit: 1000, sort: 'id', direction: 'asc' })).rows.filter(
      (r) => !theirs.includes(r.id),
    );
    expect(listAfter).toEqual(listBefore);
  });
});
