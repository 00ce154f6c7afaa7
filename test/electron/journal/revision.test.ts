// Every change the journal makes to a row raises its revision, so two copies of a row (an IPC
// answer and a change-feed event) are ordered by it (both journals).
import { expect, it } from 'vitest';
import { describeEachStore, freshStores } from '@test/support/stores';

const LEASE = { owner: 'revision-test', ms: 60_000 };
const openStore = freshStores();

describeEachStore('a row’s revision', (kind) => {
  it('starts at 1 and goes up with each change, whatever the state moves back to', async () => {
    const store = await openStore(kind);
    const payload = { reference: 'REV-1', policy: 'P-1', surname: 'Okafor' };
    const queued = await store.queue(
      { kind: 'entry', profile: 'Sandbox', operator: 'clerk', payload, payloadHash: 'rev-1' },
      true,
    );
    const row = queued.row!;
    expect(row.revision).toBe(1);
    const claimed = await store.claim(row.id, LEASE);
    expect(claimed!.revision).toBeGreaterThan(row.revision);
    const failed = await store.recordOutcome(claimed!, LEASE.owner, {
      state: 'failed',
      code: 'network',
      message: 'no answer',
      httpStatus: null,
      fields: null,
      nextAttemptAt: null,
    });
    expect(failed.row.revision).toBeGreaterThan(claimed!.revision);
    // A resend moves it back to queued: an earlier state, a later revision.
    const resent = await store.resend(row.id);
    expect(resent.row!.state).toBe('queued');
    expect(resent.row!.revision).toBeGreaterThan(failed.row.revision);
    expect((await store.get(row.id))!.revision).toBe(resent.row!.revision);
  });
});
