import { expect, it } from 'vitest';
import type { JournalStore, NewSubmission } from '@main/journal/store';
import { toListRows } from '@main/ipc/handlers/journal-view';
import { describeEachStore, freshStores } from '@test/support/stores';

const LEASE = { owner: 'cancelled-test', ms: 60_000 };

/** A fresh, empty journal of the kind (closed after the test). */
const openStore = freshStores();

async function queue(store: JournalStore, submission: Omit<NewSubmission, 'operator' | 'payloadHash'>) {
  const result = await store.queue(
    { ...submission, operator: 'x', payloadHash: JSON.stringify([submission.profile, submission.payload]) },
    true,
  );
  if (!result.row) throw new Error('not queued');
  return result.row;
}

/** An accepted entry of the profile with this recordid. */
async function accepted(store: JournalStore, profile: string, surname: string, recordid: number) {
  const row = await queue(store, { kind: 'entry', profile, payload: { reference: `R-${surname}`, surname } });
  const claimed = (await store.claim(row.id, LEASE))!;
  await store.recordOutcome(claimed, LEASE.owner, { state: 'accepted', recordid, message: 'ok', httpStatus: 201 });
  return row;
}

describeEachStore('a cancellation in the list', (kind) => {
  it('names the surname and recordid of the entry it cancels, in its own profile', async () => {
    const store = await openStore(kind);
    await accepted(store, 'Sandbox', 'Oduya', 341);
    await accepted(store, 'Other', 'Patel', 341);
    const cancel = (profile: string, recordid: number) =>
      queue(store, { kind: 'cancellation', profile, payload: { reason: 'Sold' }, originalRecordid: recordid });
    await cancel('Sandbox', 341);
    await cancel('Other', 341);
    await cancel('Sandbox', 999);

    expect((await store.entriesFor([341, 999])).map((r) => r.surname).sort()).toEqual(['Oduya', 'Patel']);
    const { rows } = await store.list({ kind: 'cancellation', sort: 'id', direction: 'asc' });
    const shown = await toListRows(store, rows);
    expect(shown.map((r) => [r.profile, r.surname, r.originalRecordid, r.recordid])).toEqual([
      ['Sandbox', 'Oduya', 341, null],
      ['Other', 'Patel', 341, null],
      ['Sandbox', '', 999, null],
    ]);
  });
});
