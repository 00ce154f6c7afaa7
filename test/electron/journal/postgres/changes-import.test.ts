import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import type { SubmissionRow } from '@shared/journal/types';
import { importLocal } from '@main/journal/import-local';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { entry, queued, SENDABLE, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

/** Waits until the predicate holds (LISTEN/NOTIFY is asynchronous), or fails after 5 s. */
async function until(what: string, predicate: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeOfficeOnly('office journal: live changes and moving a local journal in', () => {
  let office: Office;
  let deskA: JournalStore;
  let deskB: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    deskA = await office.open('clerk');
    deskB = await office.open('clerk2');
  }, 60_000);
  afterAll(() => office?.stop());

  it("tells every desk's listeners about a change made at another desk (LISTEN/NOTIFY), and the sender's too", async () => {
    const seenByB: SubmissionRow[] = [];
    const seenByA: SubmissionRow[] = [];
    const stopB = deskB.onChange((row) => seenByB.push(row));
    const stopA = deskA.onChange((row) => seenByA.push(row));
    const row = await queued(deskA, entry('LIVE-1'));
    await until('the queued row at desk B', () => seenByB.some((r) => r.id === row.id));
    expect(seenByB.find((r) => r.id === row.id)).toEqual(row);

    const lease = { owner: 'desk-a', ms: 30_000 };
    const claimed = (await deskA.claim(row.id, lease))!;
    await deskA.recordOutcome(claimed, lease.owner, {
      state: 'accepted',
      recordid: 501,
      message: 'ok',
      httpStatus: 201,
    });
    await until('the accepted row at desk B', () => seenByB.some((r) => r.id === row.id && r.state === 'accepted'));
    const supervisor = await office.open('supervisor');
    await supervisor.markReviewed([row.id], 'seen');
    await until('the review at desk B', () => seenByB.some((r) => r.reviewedBy === 'sam'));
    // Each desk reads the rows announced since its last read in one go, so two changes of one row
    // that arrive together are one push: the desks agree on the rows and their latest state, not on
    // how many pushes it took.
    await until('the same changes at desk A', () => seenByA.some((r) => r.reviewedBy === 'sam'));
    expect(new Set(seenByA.map((r) => r.id))).toEqual(new Set(seenByB.map((r) => r.id)));
    expect(seenByA.at(-1)).toEqual(seenByB.at(-1));
    await supervisor.close();

    stopB();
    const before = seenByB.length;
    await queued(deskA, entry('LIVE-2'));
    await until('desk A to hear of LIVE-2', () => seenByA.some((r) => r.reference === 'LIVE-2'));
    expect(seenByB).toHaveLength(before);
    stopA();
  });

  it('announces each row of a transaction that changed two (an outcome and the next claim)', async () => {
    const seen: SubmissionRow[] = [];
    const stop = deskB.onChange((row) => seen.push(row));
    const one = await queued(deskA, entry('PAIR-1'));
    const two = await queued(deskA, entry('PAIR-2'));
    const lease = { owner: 'desk-a', ms: 30_000 };
    const claimed2 = (await deskA.claim(one.id, lease))!;
    await until('the first claim', () => seen.some((r) => r.id === one.id && r.state === 'sending'));
    const { next } = await deskA.recordOutcome(
      claimed2,
      lease.owner,
      { state: 'accepted', recordid: 502, message: 'ok', httpStatus: 201 },
      { lease, sendable: SENDABLE },
    );
    expect(next).toBeDefined(); // LIVE-2 of the test above, or PAIR-2
    await until(
      'both rows',
      () =>
        seen.some((r) => r.id === one.id && r.state === 'accepted') &&
        seen.some((r) => r.id === next?.id && r.state === 'sending'),
    );
    expect(seen.filter((r) => r.id === two.id || r.id === next?.id).length).toBeGreaterThan(0);
    stop();
  });

  it('imports a local journal twice: the same rows, once, their operators and history as claims of that desk, no review marks', async () => {
    const path = join(tempHome('feed-desk-import-'), 'journal.sqlite3');
    const local = createSqliteStore(path, 'alice');
    const lease = { owner: 'local', ms: 30_000 };
    const sent = (await local.queue({ ...entry('LOCAL-1'), operator: 'alice' }, false)).row;
    const failing = (await local.queue({ ...entry('LOCAL-2'), operator: 'alice' }, false)).row;
    await local.queue({ ...entry('LOCAL-3'), operator: 'alice' }, false);
    if (!sent || !failing) throw new Error('not queued');
    const claimed3 = (await local.claim(sent.id, lease))!;
    await local.recordOutcome(claimed3, lease.owner, {
      state: 'accepted',
      recordid: 9001,
      message: 'ok',
      httpStatus: 201,
    });
    await local.markReviewed([sent.id], 'checked');
    const claimed4 = (await local.claim(failing.id, lease))!;
    await local.recordOutcome(claimed4, lease.owner, {
      state: 'rejected',
      code: 'invalid',
      message: 'postcode is not valid',
      httpStatus: 400,
      fields: { postcode: 'not valid' },
      nextAttemptAt: null,
    });
    const localRows = (await local.list({ sort: 'id', direction: 'asc' })).rows;
    const localHistory = await Promise.all(localRows.map((r) => local.history(r.id)));
    await local.close();

    const seen: SubmissionRow[] = [];
    const stop = deskB.onChange((row) => seen.push(row));
    const from = { from: 'alice' };
    expect(await importLocal(path, office.server.ownerUrl, from)).toEqual({ imported: 3, skipped: 0 });
    const [again, concurrently] = await Promise.all([
      importLocal(path, office.server.ownerUrl, from),
      importLocal(path, office.server.ownerUrl, from),
    ]);
    expect(again).toEqual({ imported: 0, skipped: 3 });
    expect(concurrently).toEqual({ imported: 0, skipped: 3 });

    // A desk file is anyone's to edit: what it says arrives as its claim, review marks stay behind.
    const claim = (who: string) => `${who} (imported from alice's desk)`;
    const office_ = (await deskA.list({ operator: claim('alice'), sort: 'id', direction: 'asc' })).rows;
    expect(office_).toHaveLength(3);
    // Ids and revisions are the office journal's own.
    const strip = ({ id: _id, revision: _revision, ...rest }: SubmissionRow) => rest;
    expect(office_.map(strip)).toEqual(
      localRows.map((r) => ({
        ...strip(r),
        operator: claim(r.operator),
        reviewedBy: null,
        reviewedAt: null,
        reviewNote: null,
      })),
    );
    expect(office_[0]).toMatchObject({ state: 'accepted', recordid: 9001, reviewedBy: null });
    expect(office_[1]).toMatchObject({ state: 'rejected', errorFields: { postcode: 'not valid' } });
    for (const [i, row] of office_.entries()) {
      const history = await deskA.history(row.id);
      expect(history.slice(0, -1)).toEqual(localHistory[i]?.map((h) => ({ ...h, actor: claim(h.actor) })));
      expect(history.at(-1)).toMatchObject({ actor: 'feed_desk_owner', note: "imported from alice's desk file" });
    }
    expect((await deskA.history(office_[0]?.id ?? 0)).map((h) => h.actor)).toEqual([
      claim('alice'),
      claim('system'),
      claim('system'),
      claim('alice'),
      'feed_desk_owner',
    ]);
    expect(seen).toEqual([]); // an import is not announced row by row

    const reopened = createSqliteStore(path, 'alice');
    await reopened.queue({ ...entry('LOCAL-4'), operator: 'alice' }, false);
    await reopened.close();
    expect(await importLocal(path, office.server.ownerUrl, from)).toEqual({ imported: 1, skipped: 3 });
    expect((await deskA.list({ operator: claim('alice') })).total).toBe(4);
    stop();
  });
});
