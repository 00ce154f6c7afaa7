// Plain answers for what is not there: a bulk import that does not exist is `not-found`, an office
// server that refuses or never answers is `network`; neither is `internal`.
import { createServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { startCoreRig, type CoreRig } from '../support/core';
import { testDesktop } from '../support/desktop';
import { freePort } from '../support/postgres';
import { describeEachStore } from '../support/stores';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describeEachStore('a bulk import that does not exist', (store) => {
  it('imports:status, pause, retryFailed and cancel answer not-found in plain words, and change nothing', async () => {
    rig = await startCoreRig({ store });
    const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
    const requests = {
      'imports:status': { batch: 4242 },
      'imports:pause': { batch: 4242, paused: true },
      'imports:retryFailed': { batch: 4242 },
      'imports:cancel': { batch: 4242, discard: true },
    };
    for (const [channel, request] of Object.entries(requests)) {
      expect(await dispatch(channel, request), channel).toEqual({
        ok: false,
        error: { code: 'not-found', message: 'There is no bulk import #4242 in this journal.' },
      });
    }
    expect(await rig.core.journal.batches.recent(10)).toEqual([]);
  });
});

it('office:setup against a server that refuses the connection answers network, naming the server', async () => {
  rig = await startCoreRig({ store: 'sqlite' });
  const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
  const port = await freePort();
  const office = { host: '127.0.0.1', port, database: 'feed_desk', user: 'owner', tls: 'off' };
  expect(await dispatch('office:setup', { office, password: 'owner-pw' })).toEqual({
    ok: false,
    error: {
      code: 'network',
      message: `The office journal at 127.0.0.1:${port}/feed_desk refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.`,
    },
  });
});

it('office:setup against a server that never answers answers network once the connection times out', async () => {
  rig = await startCoreRig({ store: 'sqlite' });
  const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
  // Takes the connection and says nothing, as a firewall that drops the packets would.
  const held: Socket[] = [];
  const silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  try {
    const office = { host: '127.0.0.1', port, database: 'feed_desk', user: 'owner', tls: 'off' };
    expect(await dispatch('office:setup', { office, password: 'owner-pw' })).toEqual({
      ok: false,
      error: {
        code: 'network',
        message: `The office journal at 127.0.0.1:${port}/feed_desk cannot be reached (no answer in time): nothing was sent; check the server's name and that this computer can reach it.`,
      },
    });
    expect(held.length).toBeGreaterThan(0);
  } finally {
    held.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
}, 30_000);
