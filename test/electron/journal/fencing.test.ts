import { expect, it } from 'vitest';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { describeEachStore, freshStores } from '@test/support/stores';

// Fencing: an outcome names the claim it answers, and only that claim's outcome settles the row.
// Each case here was a way to store a policy twice before outcomes named their claim.

const LEASE = { owner: 'fencing-desk', ms: 60_000 };
const SENDABLE = { entries: ['S'], cancellations: [] };
const accepted = (recordid: number): SendOutcome => ({ state: 'accepted', recordid, message: 'ok', httpStatus: 201 });
/** A 503 with Retry-After already past: due again at once. */
const BUSY: SendOutcome = {
  state: 'failed',
  code: 'unavailable',
  message: 'Service unavailable',
  httpStatus: 503,
  fields: null,
  nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
};
const REJECTED: SendOutcome = {
  state: 'rejected',
  code: 'invalid',
  message: 'reference: unknown order',
  httpStatus: 400,
  fields: { reference: 'unknown order' },
  nextAttemptAt: null,
};

const openStore = freshStores();

async function keyed(store: JournalStore, reference: string, policy: string) {
  const payload = { reference, policy, surname: 'Jones', postcode: 'M1 1AE' };
  const queued = await store.queue(
    { kind: 'entry', profile: 'S', operator: 'clerk', payload, payloadHash: `${reference}|${policy}` },
    false,
  );
  if (!queued.row) throw new Error(`held as a duplicate of #${queued.duplicate.id}`);
  return queued.row;
}

describeEachStore('fencing', (kind) => {
  it('an outcome replayed after its acknowledgement was lost does not settle the next claim', async () => {
    const store = await openStore(kind);
    const row = await keyed(store, 'LOST-ACK', 'FG-1');
    const first = (await store.claim(row.id, LEASE))!;
    const answer = { id: row.id, owner: LEASE.owner, claim: first.claim, outcome: BUSY };
    // The first try commits; its answer is lost and the desk will try again.
    await store.recordOutcomes([answer]);
    // Meanwhile the row is due (Retry-After passed) and claimed again: attempt 2 is in flight.
    const [second] = await store.claimDue(LEASE, SENDABLE, 1);
    expect(second).toMatchObject({ id: row.id, state: 'sending' });
    expect(second!.claim).toBeGreaterThan(first.claim);
    // The retried record of attempt 1: a late answer, not a settlement of attempt 2.
    const [replayed] = (await store.recordOutcomes([answer])).rows;
    expect(replayed).toMatchObject({ id: row.id, state: 'sending', claim: second!.claim });
    expect(await store.claimDue(LEASE, SENDABLE, 1)).toEqual([]); // no attempt 3 while 2 is in flight
    expect((await store.history(row.id)).at(-1)?.note).toMatch(/^An earlier send finally answered: failed/);
    // Attempt 2's own answer settles it.
    const done = await store.recordOutcome(second!, LEASE.owner, accepted(41));
    expect(done.row).toMatchObject({ state: 'accepted', recordid: 41 });
  });

  it('a claim given back and taken again gets a new token: the old one settles nothing', async () => {
    const store = await openStore(kind);
    const row = await keyed(store, 'UNCLAIMED', 'FG-2');
    const spare = (await store.claim(row.id, LEASE))!;
    expect(await store.unclaim([row.id], LEASE)).toBe(1);
    const again = (await store.claim(row.id, LEASE))!;
    expect(again.claim).toBeGreaterThan(spare.claim);
    const late = await store.recordOutcome(spare, LEASE.owner, accepted(42));
    expect(late.row).toMatchObject({ state: 'sending', recordid: null });
  });

  it('an outcome without its owner or claim, or one row twice in a call, is refused whole', async () => {
    const store = await openStore(kind);
    const a = await keyed(store, 'NO-OWNER', 'FG-3');
    const b = await keyed(store, 'TWICE', 'FG-4');
    const [ca, cb] = await store.claimDue(LEASE, SENDABLE, 2);
    const ok = { id: cb!.id, owner: LEASE.owner, claim: cb!.claim, outcome: accepted(44) };
    await expect(
      store.recordOutcomes([ok, { id: ca!.id, owner: '', claim: ca!.claim, outcome: accepted(43) }]),
    ).rejects.toThrow(/names no sender or claim/);
    await expect(
      store.recordOutcomes([ok, { id: ca!.id, owner: LEASE.owner, claim: 0, outcome: accepted(43) }]),
    ).rejects.toThrow(/names no sender or claim/);
    await expect(store.recordOutcomes([ok, { ...ok, outcome: { ...BUSY, nextAttemptAt: null } }])).rejects.toThrow(
      /two outcomes in one call/,
    );
    // Nothing changed: both still in flight, each with only its claim in the history.
    expect((await store.get(a.id))?.state).toBe('sending');
    expect((await store.get(b.id))?.state).toBe('sending');
    expect(await store.history(b.id)).toHaveLength(2);
  });

  it('a row another sender holds makes only its own outcome late, never the rest of the group commit', async () => {
    const store = await openStore(kind);
    const a = await keyed(store, 'TAKEN', 'FG-5');
    const b = await keyed(store, 'MINE', 'FG-6');
    const [ca, cb] = await store.claimDue(LEASE, SENDABLE, 2);
    const other = { owner: 'another-desk', ms: 60_000 };
    // Row a's first claim answered 503 elsewhere and another desk took it again.
    await store.recordOutcomes([{ id: a.id, owner: LEASE.owner, claim: ca!.claim, outcome: BUSY }]);
    const taken = (await store.claim(a.id, other))!;
    const { rows } = await store.recordOutcomes([
      { id: a.id, owner: LEASE.owner, claim: ca!.claim, outcome: accepted(45) },
      { id: b.id, owner: LEASE.owner, claim: cb!.claim, outcome: accepted(46) },
    ]);
    expect(rows.map((r) => [r.id, r.state])).toEqual([
      [a.id, 'sending'],
      [b.id, 'accepted'],
    ]);
    expect((await store.get(a.id))?.claim).toBe(taken.claim);
  });

  it('a rejected entry whose policy was keyed again under a corrected reference and accepted is superseded, and its Resend is held', async () => {
    const store = await openStore(kind);
    const typo = await keyed(store, 'SO-44952', 'FG-26-000431');
    const claimed = (await store.claim(typo.id, LEASE))!;
    await store.recordOutcome(claimed, LEASE.owner, REJECTED);
    // New entry, the reference corrected: the policy's only live row is rejected, so it is keyed.
    const fixed = await keyed(store, 'SO-449520', 'FG-26-000431');
    const sent = (await store.claim(fixed.id, LEASE))!;
    await store.recordOutcome(sent, LEASE.owner, accepted(47));
    expect(await store.get(typo.id)).toMatchObject({ state: 'superseded', supersededBy: fixed.id });
    expect((await store.history(typo.id)).at(-1)?.note).toBe(`superseded by #${fixed.id} (same policy)`);
    // A person's Resend of the typo asks the duplicate question about the policy: held.
    const resend = await store.resend(typo.id, null, false);
    expect(resend.duplicate?.id).toBe(fixed.id);
    expect((await store.get(typo.id))?.state).toBe('superseded');
    // And keying the policy a third time, whatever the reference, is held too.
    const third = await store.queue(
      {
        kind: 'entry',
        profile: 'S',
        operator: 'clerk',
        payload: { reference: 'SO-000001', policy: 'FG-26-000431', surname: 'Jones', postcode: 'M1 1AE' },
        payloadHash: 'third',
      },
      false,
    );
    expect(third.duplicate?.id).toBe(fixed.id);
  });

  it('an automatic retry of a failed row is held when its policy was stored under another reference', async () => {
    const store = await openStore(kind);
    const failed = await keyed(store, 'RETRY-A', 'FG-7');
    const claimed = (await store.claim(failed.id, LEASE))!;
    // A 503: retried automatically as soon as its Retry-After passes (claimDue below).
    await store.recordOutcome(claimed, LEASE.owner, {
      ...BUSY,
      nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const other = await store.queue(
      {
        kind: 'entry',
        profile: 'S',
        operator: 'clerk',
        payload: { reference: 'RETRY-B', policy: 'FG-7', surname: 'Jones', postcode: 'M1 1AE' },
        payloadHash: 'retry-b',
      },
      true, // a person confirmed it
    );
    const sending = (await store.claim(other.row!.id, LEASE))!;
    expect(sending.state).toBe('sending');
    // The failed row's retry comes due while the other is in flight: held, not sent.
    expect(await store.sendNow('S')).toBe(1);
    expect(await store.claimDue(LEASE, SENDABLE, 5)).toEqual([]);
    const held = await store.get(failed.id);
    expect(held).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect((await store.history(failed.id)).at(-1)?.note).toBe(`held: possible duplicate of #${other.row!.id}`);
  });

  it("a supervisor's Resend of a rejected row whose personal details were erased is refused: nothing blank is sent", async () => {
    const store = await openStore(kind);
    const row = await keyed(store, 'ERASED-1', 'FG-8');
    const claimed = (await store.claim(row.id, LEASE))!;
    await store.recordOutcome(claimed, LEASE.owner, REJECTED);
    expect(await store.privacy.erase([row.id], 'asked by the customer')).toBe(1);
    await expect(store.resend(row.id, null, true)).rejects.toThrow(
      `Journal entry ${row.id} had its personal details removed: it cannot be sent again (key it as a new entry)`,
    );
    expect(await store.get(row.id)).toMatchObject({ state: 'rejected' });
  });

  it('two failed rows of one policy, both due for a retry, are never taken by one claim: the later is held', async () => {
    const store = await openStore(kind);
    const first = await keyed(store, 'TWO-A', 'FG-9');
    const a1 = (await store.claim(first.id, LEASE))!;
    await store.recordOutcome(a1, LEASE.owner, REJECTED);
    // Rejected rows are not repeated by a new keying: the same policy is keyed again, and fails.
    const second = await keyed(store, 'TWO-B', 'FG-9');
    const later = () => ({ ...BUSY, nextAttemptAt: new Date(Date.now() + 60_000).toISOString() });
    await store.recordOutcome((await store.claim(second.id, LEASE))!, LEASE.owner, later());
    // A person resends the rejected one (the other is only failed): it fails too.
    expect((await store.resend(first.id, null, false)).row?.state).toBe('queued');
    await store.recordOutcome((await store.claim(first.id, LEASE))!, LEASE.owner, later());
    // Both come due at once; one claim of five takes one of them, and the other waits for a person.
    expect(await store.sendNow('S')).toBe(2);
    const taken = await store.claimDue(LEASE, SENDABLE, 5);
    expect(taken.map((r) => r.id)).toEqual([first.id]);
    expect(await store.get(second.id)).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect((await store.history(second.id)).at(-1)?.note).toBe(`held: possible duplicate of #${first.id}`);
  });
});
