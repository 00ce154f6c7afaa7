// What makes an update wait on a real desk (its journal, its outbox, the sandbox), and where the
// desk reads its update feed from.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deskFeed, deskHost, FEED_FILE } from '@main/updates/desk-updates';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('a desk and its updates', () => {
  it('waits while its rows are queued, and not once the outbox has sent them', async () => {
    rig = await startCoreRig();
    const host = deskHost(rig.core);
    expect(await host.busy()).toBeUndefined();
    for (const reference of ['U-1', 'U-2']) {
      const queued = await rig.core.pipeline.submit({
        kind: 'entry',
        input: sampleInput({ reference }),
        profile: 'Sandbox',
      });
      expect(queued.ok).toBe(true);
    }
    expect(await host.busy()).toBe('2 row(s) are queued');
    rig.core.outbox.start();
    await host.drained();
    expect(await host.busy()).toBeUndefined();
    expect(rig.sandbox.records).toHaveLength(2);
  });

  it('reads the feed it follows from its data folder (none: updates are off)', () => {
    const home = tempHome();
    expect(deskFeed(home)).toBeUndefined();
    writeFileSync(join(home, FEED_FILE), ' https://updates.office.example/feed-desk/ \n');
    expect(deskFeed(home)).toBe('https://updates.office.example/feed-desk/');
  });
});
