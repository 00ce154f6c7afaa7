import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendAndWait } from '../../../electron/cli/report';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('submit waiting for a retry', () => {
  it('stops waiting, without spinning or passing --wait, when a person resolves the row meanwhile', async () => {
    rig = await startCoreRig();
    // The person resolves the row once its first try has failed, in the second before its retry is due.
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503, retryAfter: 1 } });
    const queued = await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Sandbox' });
    if (!queued.ok) throw new Error('not queued');
    const waiting = sendAndWait(rig.core, queued.row, 20);
    await vi.waitFor(async () => expect((await rig!.core.journal.get(queued.row.id))?.state).toBe('failed'), {
      timeout: 10_000,
      interval: 20,
    });
    await rig.core.journal.discard(queued.row.id, 'keyed again by hand');
    const discarded = Date.now();
    const row = await waiting;
    expect(row.state).toBe('discarded');
    expect(Date.now() - discarded).toBeLessThan(3000);
    expect(rig.sandbox.records).toHaveLength(0);
  });

  it('follows a row another process is sending until it is recorded', async () => {
    rig = await startCoreRig({ latencyMs: 400 });
    const queued = await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Sandbox' });
    if (!queued.ok) throw new Error('not queued');
    const elsewhere = rig.core.pipeline.send(queued.row.id);
    const row = await sendAndWait(rig.core, queued.row, 10);
    await elsewhere;
    expect(row).toMatchObject({ state: 'accepted', attempts: 1 });
    expect(rig.sandbox.records).toHaveLength(1);
  });
});
