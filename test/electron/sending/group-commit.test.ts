import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createGroupCommit } from '@main/sending/group-commit';
import { openSqliteStore } from '@main/journal/sqlite/worker-store';
import { payloadHash } from '@main/journal/payload-hash';
import type { JournalStore, RecordOutcome } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { sampleEntry } from '@test/support/service';

const lease = { owner: 'desk', ms: 60_000 };
const sendable = { entries: ['Sandbox'], cancellations: [] };
/** Each row here is claimed once: its first claim (token 1) is the one an outcome answers. */
const accepted = (id: number, recordid = id): RecordOutcome => ({
  id,
  owner: lease.owner,
  claim: 1,
  outcome: { state: 'accepted', recordid, message: 'ok', httpStatus: 201 },
});

let journal: JournalStore | undefined;
afterEach(async () => {
  await journal?.close();
  journal = undefined;
});

/**
 * A journal on this computer with `count` rows queued, and each call of recordOutcomes noted;
 * `hold()` makes the next commit wait until the returned function is called.
 */
async function rig(count: number) {
  const store = await openSqliteStore(join(tempHome(), 'journal.sqlite3'), 'test');
  journal = store;
  for (let i = 0; i < count; i += 1) {
    const payload = sampleEntry({ reference: `G-${i}` }) as unknown as Record<string, string>;
    await store.queue(
      { kind: 'entry', profile: 'Sandbox', operator: 'test', payload, payloadHash: payloadHash('entry', payload) },
      true,
    );
  }
  const calls: Array<{ ids: number[]; claims: number }> = [];
  let gate: Promise<void> | undefined;
  const readBack: boolean[] = [];
  const recordOutcomes: JournalStore['recordOutcomes'] = async (outcomes, next, options) => {
    calls.push({ ids: outcomes.map((o) => o.id), claims: next?.limit ?? 0 });
    readBack.push(options?.rows ?? true);
    const held = gate;
    gate = undefined;
    await held;
    return store.recordOutcomes(outcomes, next, options);
  };
  const hold = () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    return open;
  };
  let awaiting = 8;
  const group = createGroupCommit({
    journal: { ...store, recordOutcomes },
    lease,
    sendable: async () => sendable,
    awaiting: () => awaiting,
  });
  const claimed = await store.claimDue(lease, sendable, count);
  return { store, group, calls, readBack, hold, claimed, setAwaiting: (n: number) => (awaiting = n) };
}

describe('group commit of sends’ outcomes', () => {
  it('reads the recorded rows back only when a sender asks for its row: the outbox’s answers cross back with none', async () => {
    const { store, group, readBack, claimed } = await rig(2);
    const [a, b] = claimed.map((row) => row.id);
    const quiet = await group.record(accepted(a!), false, false);
    expect(quiet.row).toBeUndefined();
    expect(readBack).toEqual([false]);
    expect((await store.get(a!))?.state, 'recorded all the same').toBe('accepted');
    expect((await group.record(accepted(b!), false, true)).row?.state).toBe('accepted');
    expect(readBack).toEqual([false, true]);
  });

  it('starts a commit as soon as an answer waits and no commit is running, though other sends are in flight', async () => {
    const { group, calls, claimed } = await rig(1);
    const recorded = await group.record(accepted(claimed[0]!.id), false);
    expect(recorded.row?.state).toBe('accepted');
    expect(calls).toEqual([{ ids: [claimed[0]!.id], claims: 0 }]);
  });

  it('answers that arrive while a commit runs share the next one; none resolves before its own commit', async () => {
    const { group, calls, hold, claimed } = await rig(4);
    const [a, b, c, d] = claimed.map((r) => r.id) as [number, number, number, number];
    const open = hold();
    const first = group.record(accepted(a), false);
    const settled: number[] = [];
    const later = [b, c, d].map((id) => group.record(accepted(id), false).then(() => settled.push(id)));
    await new Promise((r) => setTimeout(r, 20));
    // The first commit is held: the three answers wait, none acknowledged.
    expect(calls).toEqual([{ ids: [a], claims: 0 }]);
    expect(settled).toEqual([]);
    open();
    await first;
    await Promise.all(later);
    expect(calls).toEqual([
      { ids: [a], claims: 0 },
      { ids: [b, c, d], claims: 0 },
    ]);
    expect(settled.sort()).toEqual([b, c, d].sort());
  });

  it('claims one row for each answer that wants its next, in the same commit, each committed as sending', async () => {
    const { store, group, calls, hold, claimed } = await rig(6);
    const [a, b, c] = claimed.map((r) => r.id) as [number, number, number];
    // Rows claimed above are a, b, c and three more: unclaim those three so they are due again.
    await store.unclaim(
      claimed.slice(3).map((r) => r.id),
      lease,
    );
    const open = hold();
    const first = group.record(accepted(a), true);
    const rest = [group.record(accepted(b), true), group.record(accepted(c), false)];
    open();
    const results = [await first, ...(await Promise.all(rest))];
    expect(calls).toEqual([
      { ids: [a], claims: 1 },
      { ids: [b, c], claims: 1 },
    ]);
    const nexts = results.map((r) => r.next?.id);
    expect(nexts[2]).toBeUndefined();
    for (const id of nexts.slice(0, 2)) expect((await store.get(id!))!.state).toBe('sending');
    expect(new Set(nexts.slice(0, 2)).size).toBe(2);
  });

  it('a commit that fails rejects each of its answers, and the answers after it are still committed', async () => {
    const { group, claimed } = await rig(2);
    const [a, b] = claimed.map((r) => r.id) as [number, number];
    await expect(group.record({ ...accepted(a), id: 999_999 }, false)).rejects.toThrow(/No journal entry/);
    expect((await group.record(accepted(b), false)).row?.state).toBe('accepted');
    expect((await group.record(accepted(a), false)).row?.state).toBe('accepted');
  });

  it('with a window, the first answer waits for the others in flight, then all share one commit', async () => {
    const store = await openSqliteStore(join(tempHome(), 'journal.sqlite3'), 'test');
    journal = store;
    for (let i = 0; i < 2; i += 1) {
      const payload = sampleEntry({ reference: `W-${i}` }) as unknown as Record<string, string>;
      await store.queue(
        { kind: 'entry', profile: 'Sandbox', operator: 'test', payload, payloadHash: payloadHash('entry', payload) },
        true,
      );
    }
    const [a, b] = (await store.claimDue(lease, sendable, 2)).map((r) => r.id) as [number, number];
    let awaiting = 1;
    const commitsBefore = store.commits?.() ?? 0;
    const group = createGroupCommit({
      journal: store,
      lease,
      sendable: async () => sendable,
      awaiting: () => awaiting,
      windowMs: 60_000,
    });
    const first = group.record(accepted(a), false);
    awaiting = 0;
    await group.record(accepted(b), false);
    await first;
    expect((store.commits?.() ?? 0) - commitsBefore).toBe(1);
  });
});
