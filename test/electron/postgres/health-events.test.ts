// The office database going away and coming back, as the page hears of it (journal:health).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Core } from '../../../electron/main/core/core';
import { publishEvents } from '../../../electron/main/ipc/events';
import { officeInit } from '../../../electron/main/journal/postgres/office-init';
import { addUser } from '../../../electron/main/journal/postgres/roles';
import { createPostgresStore } from '../../../electron/main/journal/postgres/store';
import type { JournalStore } from '../../../electron/main/journal/store';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { describeOfficeOnly } from '../../support/stores';

let server: TestPostgres;
let store: JournalStore;

describeOfficeOnly('journal:health: the office journal unreachable, then back', () => {
  beforeAll(async () => {
    server = await startPostgres({ durable: true });
    await officeInit(server.ownerUrl);
    await addUser(server.ownerUrl, 'desk_clerk', 'clerk', 'desk-clerk-pw');
    store = await createPostgresStore({ url: server.url('desk_clerk', 'desk-clerk-pw'), outageMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('publishes unreachable while a call waits the restart out, reachable when it is back; the call then succeeds', async () => {
    const events: Array<{ event: string; payload: unknown }> = [];
    const stop = publishEvents({ journal: store } as unknown as Core, (event, payload) =>
      events.push({ event, payload }),
    );
    server.crash();
    const listing = store.list({ limit: 1 });
    const deadline = Date.now() + 10_000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([{ event: 'journal:health', payload: { reachable: false } }]);
    server.start();
    expect(await listing).toMatchObject({ total: 0 });
    expect(events.at(-1)).toEqual({ event: 'journal:health', payload: { reachable: true } });
    stop();
  }, 60_000);
});
