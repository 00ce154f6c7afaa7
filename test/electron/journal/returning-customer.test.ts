import { expect, it } from 'vitest';
import type { JournalStore } from '@main/journal/store';
import { describeEachStore, freshStores } from '@test/support/stores';

const LEASE = { owner: 'customer-test', ms: 60_000 };

/** A fresh, empty journal of the kind (closed after the test). */
const openStore = freshStores();

/** Mrs J K Oduya of 12 King Street, as keyed once; `extra` changes a field. */
function oduya(reference: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    account_code: 'ACME01',
    reference,
    title: 'Mrs',
    initials: 'J K',
    surname: 'Oduya',
    address1: '12 King Street',
    town: 'Leeds',
    postcode: 'LS1 4AP',
    email: 'j.oduya@example.com',
    telephone: '0113 496 0000',
    policy: 'FURN-PLUS',
    ...extra,
  };
}

async function queue(store: JournalStore, payload: Record<string, string>, profile = 'Sandbox') {
  const result = await store.queue(
    { kind: 'entry', profile, operator: 'x', payload, payloadHash: JSON.stringify(payload) },
    true,
  );
  if (!result.row) throw new Error('not queued');
  return result.row;
}

async function settle(store: JournalStore, id: number, state: 'accepted' | 'rejected') {
  const claimed = (await store.claim(id, LEASE))!;
  const outcome =
    state === 'accepted'
      ? { state, recordid: 300 + id, message: 'Record created', httpStatus: 201 }
      : { state, code: 'invalid', message: 'Invalid postcode', httpStatus: 422, fields: null, nextAttemptAt: null };
  await store.recordOutcome(claimed, LEASE.owner, outcome);
}

describeEachStore('returning customer', (kind) => {
  it('finds the latest entry of the profile by surname and postcode, without case or spaces', async () => {
    const store = await openStore(kind);
    const first = await queue(store, oduya('R1'));
    await settle(store, first.id, 'accepted');
    const moved = await queue(store, oduya('R2', { address1: '14 King Street' }));
    await queue(store, oduya('R3', { surname: 'Oduya-Smith' }));
    await queue(store, oduya('R4', { address1: '9 Other Road' }), 'Other');

    const found = await store.customer('Sandbox', ' oDUYA ', 'ls14ap');
    expect(found?.id).toBe(moved.id);
    expect(found?.payload.address1).toBe('14 King Street');
    expect((await store.customer('Other', 'Oduya', 'LS1 4AP'))?.payload.address1).toBe('9 Other Road');
    expect(await store.customer('Sandbox', 'Oduya', 'LS1 4AQ')).toBeUndefined();
    expect(await store.customer('Sandbox', 'Odu', 'LS1 4AP')).toBeUndefined();
    expect(await store.customer('Elsewhere', 'Oduya', 'LS1 4AP')).toBeUndefined();
  });

  it('offers neither a rejected entry nor one whose personal details were removed', async () => {
    const store = await openStore(kind);
    const kept = await queue(store, oduya('R1'));
    await settle(store, kept.id, 'accepted');
    const refused = await queue(store, oduya('R2', { address1: 'Wrong Street' }));
    await settle(store, refused.id, 'rejected');
    expect((await store.customer('Sandbox', 'Oduya', 'LS1 4AP'))?.id).toBe(kept.id);

    await store.privacy.erase([kept.id], 'erasure request 7');
    expect(await store.customer('Sandbox', 'Oduya', 'LS1 4AP')).toBeUndefined();
  });
});
