// Issue 28, part 2: the correction link is part of the draft, and marking a row accepted keeps
// what its last attempt told (its status code, and the message says it and who decided).
import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { keepDraftsLocally } from '@main/core/local-drafts';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { describeEachStore, freshOfficeJournal, RIG_USER, type StoreKind } from '@test/support/stores';

const LEASE = { owner: 'correction-link-test', ms: 60_000 };
const GATEWAY: SendOutcome = {
  state: 'unknown',
  code: 'unknown',
  message: 'The service answered 502: Bad Gateway',
  httpStatus: 502,
  fields: null,
  nextAttemptAt: null,
};
const NO_ANSWER: SendOutcome = { ...GATEWAY, message: 'socket hang up', httpStatus: null };
const BUSY: SendOutcome = {
  ...GATEWAY,
  state: 'failed',
  code: 'busy',
  message: 'The service is busy',
  httpStatus: 503,
};

let stores: JournalStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

/** A store, and how to open the same journal again (a restart); who the store records as the actor. */
async function openJournal(kind: StoreKind) {
  const file = join(tempHome(), 'journal.sqlite3');
  const office = kind === 'postgres' ? await freshOfficeJournal() : undefined;
  const open = async () => {
    const store = office ? await office.open() : createSqliteStore(file, 'sam');
    stores.push(store);
    return store;
  };
  return { open, actor: office ? RIG_USER.user : 'sam' };
}

/** Queues an entry, claims it and records the outcome; the settled row. */
async function settled(store: JournalStore, reference: string, outcome: SendOutcome) {
  const payload = { reference, policy: `P-${reference}`, surname: 'Jones', postcode: 'M1 1AE' };
  const { row } = await store.queue(
    { kind: 'entry', profile: 'S', operator: 'sam', payload, payloadHash: `${reference}-hash` },
    true,
  );
  if (!row) throw new Error('not queued');
  const claimed = (await store.claim(row.id, LEASE))!;
  return (await store.recordOutcome(claimed, LEASE.owner, outcome)).row;
}

describeEachStore('the correction link of a draft', (kind) => {
  it('is kept with the draft, across a restart, until a save without it', async () => {
    const journal = await openJournal(kind);
    const first = await journal.open();
    await first.drafts.save('new-entry', 'S', { reference: 'A-1', surname: 'Jones-Smith' }, 7);
    expect(await first.drafts.get('new-entry')).toMatchObject({ corrects: 7, payload: { reference: 'A-1' } });
    await first.close();

    const again = await journal.open();
    expect(await again.drafts.get('new-entry')).toMatchObject({
      profile: 'S',
      corrects: 7,
      payload: { reference: 'A-1', surname: 'Jones-Smith' },
    });
    await again.drafts.save('new-entry', 'S', { reference: 'A-2' });
    expect(await again.drafts.get('new-entry')).toMatchObject({ corrects: null, payload: { reference: 'A-2' } });
    await again.drafts.save('new-entry', 'S', { reference: 'A-3' }, 9);
    await again.drafts.delete('new-entry');
    expect(await again.drafts.get('new-entry')).toBeUndefined();
  });
});

it('is kept with a draft waiting on this computer while the office journal is down, and handed over with it', async () => {
  const home = tempHome();
  const never = () => new Promise<never>(() => undefined);
  const down = { drafts: { get: never, save: never, delete: never } } as unknown as JournalStore;
  void keepDraftsLocally(down, home).drafts.save('new-entry', 'S', { reference: 'A-1' }, 7);

  const journal = createSqliteStore(join(home, 'journal.sqlite3'), 'sam');
  stores.push(journal);
  const back = keepDraftsLocally(journal, home);
  expect(await back.drafts.get('new-entry')).toMatchObject({ corrects: 7, payload: { reference: 'A-1' } });
  await expect.poll(async () => (await journal.drafts.get('new-entry'))?.corrects).toBe(7);
});

describeEachStore('marking a row accepted', (kind) => {
  it('keeps the 502 of an unknown and says the answer was lost, who marked it and the recordid', async () => {
    const { open, actor } = await openJournal(kind);
    const store = await open();
    const row = await settled(store, 'GW-1', GATEWAY);
    const history = (await store.history(row.id)).length;

    const marked = await store.markAccepted(row.id, 7_000_123);
    expect(marked).toMatchObject({
      state: 'accepted',
      recordid: 7_000_123,
      httpStatus: 502,
      attempts: row.attempts,
      message: `Answer lost (502 Bad Gateway); marked accepted by ${actor} with recordid 7000123`,
    });
    expect(await store.get(row.id)).toMatchObject({ httpStatus: 502, attempts: 1 });
    expect((await store.history(row.id)).slice(history)).toMatchObject([
      { fromState: 'unknown', toState: 'accepted', actor, note: 'marked accepted with recordid 7000123' },
    ]);
  });

  it('words a lost answer without a status, and a failed send, as they were', async () => {
    const { open, actor } = await openJournal(kind);
    const store = await open();
    const dropped = await settled(store, 'GW-2', NO_ANSWER);
    const failed = await settled(store, 'GW-3', BUSY);
    expect(await store.markAccepted(dropped.id, 41, 'found it')).toMatchObject({
      httpStatus: null,
      message: `Answer lost (no answer); marked accepted by ${actor} with recordid 41`,
    });
    expect(await store.markAccepted(failed.id, 42)).toMatchObject({
      httpStatus: 503,
      errorCode: 'busy',
      message: `Not sent (503 Service Unavailable); marked accepted by ${actor} with recordid 42`,
    });
  });
});
