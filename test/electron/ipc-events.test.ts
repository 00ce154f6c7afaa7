import { afterEach, describe, expect, it } from 'vitest';
import { publishEvents } from '@main/ipc/events';
import { startCoreRig, type CoreRig } from '../support/core';
import { sampleInput } from '../support/service';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('journal changes pushed to the page', () => {
  it('every committed change of state is published once, as the renderer sees a row', async () => {
    rig = await startCoreRig();
    const seen: Array<{ event: string; id: number; state: string }> = [];
    const stop = publishEvents(rig.core, (event, payload) => {
      const row = payload as { id: number; state: string };
      seen.push({ event, id: row.id, state: row.state });
    });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503 } });
    const queued = await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Sandbox' });
    if (!queued.ok) throw new Error('not queued');
    await rig.core.pipeline.send(queued.row.id);
    await rig.core.outbox.drain();
    stop();
    const id = queued.row.id;
    expect(seen).toEqual(
      ['queued', 'sending', 'failed', 'sending', 'accepted'].map((state) => ({ event: 'journal:changed', id, state })),
    );
  });

  it('a refused duplicate (nothing committed) publishes nothing', async () => {
    rig = await startCoreRig();
    await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Sandbox' });
    const seen: unknown[] = [];
    publishEvents(rig.core, (_event, payload) => seen.push(payload));
    const again = await rig.core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Sandbox' });
    expect(again).toMatchObject({ ok: false, code: 'duplicate' });
    expect(seen).toEqual([]);
  });
});
