import { expect, it } from 'vitest';
import type { Core } from '@main/core/core';
import { batchStatus } from '@main/import/batch-queue';
import { claimingBetweenReads } from '@test/support/claiming-between-reads';
import { describeEachStore, freshStores } from '@test/support/stores';

const openStore = freshStores();
const SENDABLE = { entries: ['S'], cancellations: [] };

describeEachStore('batch status', (kind) => {
  it('a failed row claimed while the status is read is still counted as remaining (one snapshot)', async () => {
    const store = await openStore(kind);
    const batch = await store.batches.open({ profile: 'S', fileName: 'f.csv', contentHash: 'status-1', fileRows: 1 });
    const payload = { reference: 'ST-1', policy: 'POL-ST-1', surname: 'Jones', postcode: 'M1 1AE' };
    const [queued] = await store.batches.queue(batch.id, [
      {
        row: 2,
        allowDuplicate: false,
        submission: { kind: 'entry', profile: 'S', operator: 'clerk', payload, payloadHash: 'st-1' },
      },
    ]);
    const lease = { owner: 'this-desk', ms: 60_000 };
    const claimed = (await store.claim(queued!.id, lease))!;
    await store.recordOutcome(claimed, lease.owner, {
      state: 'failed',
      code: 'unavailable',
      message: 'Service unavailable',
      httpStatus: 503,
      fields: null,
      nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
    });
    const otherDesk = { owner: 'other-desk', ms: 60_000 };
    const batches = claimingBetweenReads(
      store.batches,
      async () => void (await store.claimDue(otherDesk, SENDABLE, 10)),
    );
    const core = { journal: { ...store, batches } } as unknown as Core;
    const status = await batchStatus(core, batch.id);
    // Read as failed-and-due, or as sending: either way one row is still being sent.
    expect(status.remaining).toBe(1);
    expect((await store.get(queued!.id))?.state).toBe('sending');
  });
});
