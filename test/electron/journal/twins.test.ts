import { expect, it } from 'vitest';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { describeEachStore, freshStores } from '@test/support/stores';

const LEASE = { owner: 'twins-test', ms: 60_000 };
const SENDABLE = { entries: ['S'], cancellations: ['S'] };
const REJECTED: SendOutcome = {
  state: 'rejected',
  code: 'invalid',
  message: 'postcode: not a postcode',
  httpStatus: 400,
  fields: { postcode: 'not a postcode' },
  nextAttemptAt: null,
};
/** A failed send whose automatic retry is due now. */
const FAILED: SendOutcome = {
  state: 'failed',
  code: 'network',
  message: 'connection refused',
  httpStatus: null,
  fields: null,
  nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
};
const accepted = (recordid: number): SendOutcome => ({ state: 'accepted', recordid, message: 'ok', httpStatus: 201 });

/** A fresh, empty journal of the kind (closed after the test). */
const openStore = freshStores();

/** Keys entry A-1 / P-1 (the same content each time unless `hash` differs) and, given an outcome, sends it. */
async function keyed(store: JournalStore, outcome: SendOutcome | null, hash = 'a1-hash', allowDuplicate = false) {
  const payload = { reference: 'A-1', policy: 'P-1', surname: 'Jones', postcode: 'M1 1AE' };
  const queued = await store.queue(
    { kind: 'entry', profile: 'S', operator: 'clerk', payload, payloadHash: hash },
    allowDuplicate,
  );
  if (!queued.row) throw new Error(`held as a duplicate of #${queued.duplicate.id}`);
  if (!outcome) return queued.row;
  const claimed = (await store.claim(queued.row.id, LEASE))!;
  return (await store.recordOutcome(claimed, LEASE.owner, outcome)).row;
}

describeEachStore('the same entry twice', (kind) => {
  it('rejected #1, keyed again and accepted as #2: #1 is superseded by #2, both linked, out of attention', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, REJECTED);
    expect(await store.attention()).toMatchObject({ rejected: 1 });

    const second = await keyed(store, accepted(7001));

    expect(second.state).toBe('accepted');
    expect(await store.get(second.id)).toMatchObject({ state: 'accepted', corrects: first.id });
    expect(await store.get(first.id)).toMatchObject({ state: 'superseded', supersededBy: second.id });
    expect((await store.history(first.id)).at(-1)).toMatchObject({
      fromState: 'rejected',
      toState: 'superseded',
      note: `superseded by #${second.id} (same policy)`,
    });
    expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
  });

  it('resending #1 once #2 is accepted is held as a possible duplicate of #2; confirmed, it is queued', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, REJECTED);
    const second = await keyed(store, accepted(7002));

    const held = await store.resend(first.id, null);
    expect(held.row).toBeUndefined();
    expect(held.duplicate).toMatchObject({ id: second.id, state: 'accepted', recordid: 7002 });
    expect((await store.get(first.id))?.state).toBe('superseded');

    const confirmed = await store.resend(first.id, null, true);
    expect(confirmed.row).toMatchObject({ id: first.id, state: 'queued' });
  });

  it('resending a rejected row whose twin (other content, same reference and policy) is unknown is held', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, REJECTED);
    const second = await keyed(store, null, 'a1-other-hash');
    const claimed2 = (await store.claim(second.id, LEASE))!;
    await store.recordOutcome(claimed2, LEASE.owner, {
      state: 'unknown',
      code: 'unknown',
      message: 'no answer',
      httpStatus: null,
      fields: null,
      nextAttemptAt: null,
    });

    expect((await store.resend(first.id, null)).duplicate).toMatchObject({ id: second.id, state: 'unknown' });
    expect((await store.get(first.id))?.state).toBe('rejected');
  });

  it('a failed row whose twin was accepted meanwhile is superseded and never retried', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, FAILED);
    const second = await keyed(store, accepted(7003), 'a1-hash', true);

    expect(await store.get(first.id)).toMatchObject({ state: 'superseded', supersededBy: second.id });
    expect(await store.claimDue(LEASE, SENDABLE, 10)).toEqual([]);
  });

  it('the automatic retry of a failed row is held while its twin is being sent', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, FAILED);
    const second = await keyed(store, null, 'a1-hash', true);
    await store.claim(second.id, { owner: 'other-sender', ms: 60_000 });

    expect(await store.claimDue(LEASE, SENDABLE, 10)).toEqual([]);
    const row = await store.get(first.id);
    expect(row).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect((await store.history(first.id)).at(-1)).toMatchObject({
      toState: 'failed',
      note: `held: possible duplicate of #${second.id}`,
    });
  });

  it("a batch's retry of its failed rows holds a row whose twin is being sent", async () => {
    const store = await openStore(kind);
    const batch = await store.batches.open({ profile: 'S', fileName: 'rows.csv', contentHash: 'file', fileRows: 2 });
    const payload = { reference: 'B-1', policy: 'P-1', surname: 'Jones', postcode: 'M1 1AE' };
    const [queued] = await store.batches.queue(batch.id, [
      {
        row: 2,
        allowDuplicate: false,
        submission: { kind: 'entry', profile: 'S', operator: 'clerk', payload, payloadHash: 'b1-hash' },
      },
    ]);
    const claimed3 = (await store.claim(queued!.id, LEASE))!;
    await store.recordOutcome(claimed3, LEASE.owner, { ...FAILED, nextAttemptAt: null }); // stopped retrying
    // The same entry keyed again, confirmed, and being sent by another desk: the service may store it.
    const twin = await store.queue(
      { kind: 'entry', profile: 'S', operator: 'clerk', payload, payloadHash: 'b1-other-hash' },
      true,
    );
    await store.claim(twin.row!.id, { owner: 'other-sender', ms: 60_000 });

    expect(await store.batches.retryFailed(batch.id)).toBe(0);
    expect(await store.get(queued!.id)).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect((await store.history(queued!.id)).at(-1)?.note).toBe(`held: possible duplicate of #${twin.row!.id}`);
  });
});
