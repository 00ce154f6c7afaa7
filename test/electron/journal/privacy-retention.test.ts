// Retention of personal details: the office rule, what it removes and what it leaves (both stores).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSqliteStore } from '@main/journal/sqlite/store';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import { tempHome } from '@test/support/core';
import { describeEachStore } from '@test/support/stores';
import {
  LEASE,
  blanked,
  inState,
  openRig,
  payload,
  personal,
  queue,
  stopOffice,
  submission,
  type Rig,
} from './privacy-rig';

afterAll(() => stopOffice());

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
    const claimed = (await store.claim(fix.id, LEASE))!;
    await store.recordOutcome(claimed, LEASE.owner, {
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
      // The removal is a change like any other: the revision goes up.
      expect(now.revision).toBeGreaterThan(was.revision);
      expect({ ...now, payload: 0, surname: 0, postcode: 0, message: 0, errorFields: 0, revision: 0 }).toEqual({
        ...was,
        payload: 0,
        surname: 0,
        postcode: 0,
        message: 0,
        errorFields: 0,
        revision: 0,
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
