// The office database going away and coming back, as the page hears of it (journal:health).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { keepDraftsLocally, waitingDrafts, WAITING_DRAFTS_FILE } from '@main/core/local-drafts';
import type { Core } from '@main/core/core';
import { publishEvents } from '@main/ipc/events';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import { startPostgres, type TestPostgres } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';

let server: TestPostgres;
let store: JournalStore;

describeOfficeOnly('the office journal unreachable, then back', () => {
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

  it('keeps drafts typed while it is down on this computer until the journal takes them, across a restart of Feed Desk too', async () => {
    const home = mkdtempSync(join(tmpdir(), 'feed-desk-drafts-'));
    const key = randomBytes(32);
    const desk = keepDraftsLocally(store, home, key);
    server.crash();
    let saved: Promise<void>;
    try {
      saved = desk.drafts.save('new-entry', 'Sandbox', { reference: 'HALF-TYPED' });
      // Before the journal answers, the draft is on disk: a desk closed now finds it at its next start.
      const reopened = keepDraftsLocally(store, home, key);
      expect(await reopened.drafts.get('new-entry')).toMatchObject({
        profile: 'Sandbox',
        payload: { reference: 'HALF-TYPED' },
      });
      // Sealed under this computer's journal key: the customer's typing is not in the file as text.
      const file = readFileSync(join(home, WAITING_DRAFTS_FILE), 'utf8');
      expect(file).not.toContain('HALF-TYPED');
      expect(waitingDrafts(home, key)).toHaveProperty('new-entry');
      expect(waitingDrafts(home, undefined), 'unreadable without the key').toEqual({});
    } finally {
      server.start();
    }
    await saved;
    expect(waitingDrafts(home, key)).toEqual({});
    expect(await store.drafts.get('new-entry')).toMatchObject({ payload: { reference: 'HALF-TYPED' } });
  }, 60_000);
});
