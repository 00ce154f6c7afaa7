// Settings › About › Updates over IPC, on both journals: this computer's journal keeps the desk's
// own feed in its data folder; the office journal keeps the office's, which every desk follows.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { FEED_FILE } from '@main/updates/desk-updates';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { describeEachStore } from '@test/support/stores';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describeEachStore('IPC: the update feed', (store) => {
  it('is refused in words unless HTTPS, and saved where every desk that should follow it reads it', async () => {
    rig = await startCoreRig({ store });
    const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
    const office = store === 'postgres';
    const status = await dispatch('updates:status', {});
    expect(status).toMatchObject({ ok: true, data: { feed: null, office, mayChange: true, state: { kind: 'off' } } });

    const refused = await dispatch('updates:setFeed', { feed: 'http://updates.office.example/feed-desk/' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid', fields: { feed: expect.stringMatching(/must be served over HTTPS/) } },
    });

    const feed = 'https://updates.office.example/feed-desk/';
    const saved = await dispatch('updates:setFeed', { feed });
    expect(saved).toMatchObject({ ok: true, data: { feed, office } });
    if (office) {
      expect((await rig.core.journal.updateFeed!.get()).url).toBe(feed);
      expect(existsSync(join(rig.core.home, FEED_FILE))).toBe(false);
    } else expect(readFileSync(join(rig.core.home, FEED_FILE), 'utf8')).toBe(`${feed}\n`);
    expect(await dispatch('updates:status', {})).toMatchObject({ ok: true, data: { feed } });
  });
});
