import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { entry, queued, SENDABLE, sleep, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

const accepted = (recordid: number): SendOutcome => ({
  state: 'accepted',
  recordid,
  message: 'stored',
  httpStatus: 201,
});
const failed = (nextAttemptAt: string | null, code = 'network'): SendOutcome => ({
  state: 'failed',
  code,
  message: 'connection refused',
  httpStatus: null,
  fields: null,
  nextAttemptAt,
});

describeOfficeOnly('office journal: sending from many desks', () => {
  let office: Office;
  let deskA: JournalStore;
  let deskB: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    deskA = await office.open('clerk');
    deskB = await office.open('supervisor'); // a supervisor's desk sends anyone's rows
  }, 60_000);
  afterAll(() => office?.stop());

  /** Makes a row's lease run out now (the database's clock; no clerk may take a lease that short). */
  async function leaseRunsOut(id: number) {
    await office.sql(
      'owner',
      "UPDATE feed_desk.submissions SET lease_expires_at = now() - interval '1 second' WHERE id = $1",
      [id],
    );
  }

  /** Leaves nothing due behind for the next test (a supervisor discards what is left). */
  async function settleAll() {
    const supervisor = await office.open('supervisor');
    const { rows } = await supervisor.list({ states: ['queued', 'failed', 'sending'], limit: 1000 });
    await office.sql(
      'owner',
      "UPDATE feed_desk.submissions SET state = 'discarded' WHERE state IN ('queued', 'failed', 'sending')",
    );
    await supervisor.close();
    return rows.length;
  }

  it('never gives two desks the same row (FOR UPDATE SKIP LOCKED), 4 claimers per desk', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 200; i += 1) ids.add((await queued(i % 2 ? deskA : deskB, entry(`SKIP-${i}`))).id);
    const claimed = new Map<number, string>();
    const duplicates: number[] = [];
    const claimer = async (store: JournalStore, owner: string) => {
      for (;;) {
        const row = await store.claimNext({ owner, ms: 30_000 }, SENDABLE);
        if (!row) return;
        if (claimed.has(row.id)) duplicates.push(row.id);
        claimed.set(row.id, owner);
        expect(row).toMatchObject({ state: 'sending', attempts: 1 });
      }
    };
    const started = performance.now();
    await Promise.all(
      ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'].map((o) => claimer(o[0] === 'a' ? deskA : deskB, o)),
    );
    console.log(`200 rows claimed by 8 claimers on 2 desks in ${Math.round(performance.now() - started)} ms`);
    expect(duplicates).toEqual([]);
    expect(new Set(claimed.keys())).toEqual(ids);
    expect(new Set(claimed.values()).size).toBeGreaterThan(2);
    expect((await deskA.list({ states: ['sending'], limit: 1 })).total).toBe(200);
    await settleAll();
  });

  it('skips a row another desk holds instead of waiting for it', async () => {
    const first = await queued(deskA, entry('HELD-1'));
    const second = await queued(deskA, entry('HELD-2'));
    const holder = new pg.Client({ connectionString: office.server.ownerUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM feed_desk.submissions WHERE id = $1 FOR UPDATE', [first.id]);
    const started = performance.now();
    expect((await deskB.claimNext({ owner: 'b', ms: 30_000 }, SENDABLE))?.id).toBe(second.id);
    expect(performance.now() - started).toBeLessThan(1_000);
    await holder.query('ROLLBACK');
    await holder.end();
    expect((await deskB.claimNext({ owner: 'b', ms: 30_000 }, SENDABLE))?.id).toBe(first.id);
  });

  it('lets only one of two desks queue each of the same 50 entries racing (duplicate check and insert: one transaction)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const entries = Array.from({ length: 50 }, (_, i) => entry(`RACE-${round}-${i}`));
      // Same reference and policy, different content: caught by the reference + policy rule.
      const variants = entries.map((e) => ({ ...entry(e.payload.reference ?? '', { surname: 'Jones' }) }));
      const results = await Promise.all(
        entries.flatMap((e, i) => [deskA.queue(e, false), deskB.queue(round === 2 ? (variants[i] ?? e) : e, false)]),
      );
      expect(results.filter((r) => r.row)).toHaveLength(50);
      expect(results.filter((r) => r.duplicate)).toHaveLength(50);
      const { total } = await deskA.list({ text: `RACE-${round}-`, limit: 1 });
      expect(total).toBe(50);
    }
  });

  it('applies the duplicate rule as the local journal does', async () => {
    const first = await queued(deskA, entry('DUP-1'));
    expect((await deskB.queue(entry('DUP-1'), false)).duplicate?.id).toBe(first.id);
    expect((await deskB.queue(entry('DUP-1', { surname: 'Other' }), false)).duplicate?.id).toBe(first.id);
    expect((await deskB.queue(entry('DUP-1', { policy: 'ELSEWHERE' }), false)).row).toBeDefined();
    expect((await deskB.queue(entry('DUP-1', {}, 'Other'), false)).row).toBeDefined();
    const confirmed = await deskB.queue(entry('DUP-1'), true);
    expect(confirmed.row?.id).toBeGreaterThan(first.id);
    const supervisor = await office.open('supervisor');
    await supervisor.discard(first.id);
    await supervisor.discard(confirmed.row?.id ?? 0);
    expect((await deskA.queue(entry('DUP-1'), false)).row).toBeDefined();
    await supervisor.close();
    await settleAll();
  });

  it("turns a row whose lease ran out into unknown, whichever desk notices; a clerk's late answer is kept for a supervisor", async () => {
    const row = await queued(deskA, entry('LEASE-1'));
    const claimed = (await deskA.claim(row.id, { owner: 'desk-a', ms: 30_000 }))!;
    expect(await deskB.expireLeases()).toBe(0);
    await leaseRunsOut(row.id);
    expect(await deskB.expireLeases()).toBe(1);
    expect(await deskB.get(row.id)).toMatchObject({
      state: 'unknown',
      errorCode: 'unknown',
      message: 'Interrupted while sending: the service may or may not have stored it',
    });
    expect((await deskB.history(row.id)).at(-1)).toMatchObject({
      fromState: 'sending',
      toState: 'unknown',
      actor: "system (sam's desk, lease expired)",
    });
    // Resolving an unknown is a supervisor's act: the clerk's desk's late answer is a note for one.
    const { row: noted } = await deskA.recordOutcome(claimed, 'desk-a', accepted(77));
    expect(noted).toMatchObject({ state: 'unknown', recordid: null });
    expect((await deskA.history(row.id)).at(-1)).toMatchObject({
      toState: 'unknown',
      actor: "system (clara's desk, late answer)",
      note: 'An earlier send finally answered: accepted with recordid 77',
    });
    expect(await deskB.markAccepted(row.id, 77)).toMatchObject({ state: 'accepted', recordid: 77 });
  });

  it('keeps a late answer in the history only, once a person acted or another desk holds the row', async () => {
    const row = await queued(deskA, entry('LATE-1'));
    const first = (await deskA.claim(row.id, { owner: 'desk-a', ms: 30_000 }))!;
    await leaseRunsOut(row.id);
    await deskB.expireLeases();
    const supervisor = await office.open('supervisor');
    await supervisor.resend(row.id);
    const second = (await deskB.claim(row.id, { owner: 'desk-b', ms: 30_000 }))!;
    const { row: after } = await deskA.recordOutcome(first, 'desk-a', accepted(88));
    expect(after).toMatchObject({ state: 'sending', recordid: null });
    expect((await deskA.history(row.id)).at(-1)).toMatchObject({
      fromState: 'sending',
      toState: 'sending',
      actor: "system (clara's desk, late answer)",
      note: 'An earlier send finally answered: accepted with recordid 88',
    });
    await supervisor.close();
    await deskB.recordOutcome(second, 'desk-b', accepted(89));
  });

  it('renews leases while a send is in flight', async () => {
    const row = await queued(deskA, entry('RENEW-1'));
    const claimed = (await deskA.claim(row.id, { owner: 'desk-a', ms: 5_000 }))!;
    const expiry = async () =>
      (
        (await office.sql('owner', 'SELECT lease_expires_at AS at FROM feed_desk.submissions WHERE id = $1', [row.id]))
          .rows[0] as { at: Date }
      ).at.getTime();
    let last = await expiry();
    for (let i = 0; i < 3; i += 1) {
      await sleep(20);
      await deskA.renewLeases({ owner: 'desk-a', ms: 5_000 });
      const now = await expiry();
      expect(now).toBeGreaterThan(last);
      last = now;
    }
    await expect(deskA.renewLeases({ owner: 'desk-a', ms: 300 })).rejects.toThrow(/at least 5000 ms/);
    await deskA.recordOutcome(claimed, 'desk-a', accepted(90));
  });

  it('records an outcome and claims the next row in one call; retries failed rows when due', async () => {
    const one = await queued(deskA, entry('NEXT-1'));
    const two = await queued(deskA, entry('NEXT-2'));
    const lease = { owner: 'desk-a', ms: 30_000 };
    const oneClaimed = (await deskA.claimNext(lease, SENDABLE))!;
    expect(oneClaimed.id).toBe(one.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    const result = await deskA.recordOutcome(oneClaimed, lease.owner, failed(later), { lease, sendable: SENDABLE });
    expect(result.row).toMatchObject({
      id: one.id,
      state: 'failed',
      nextAttemptAt: later,
      finishedAt: null,
      errorCode: 'network',
    });
    expect(result.next).toMatchObject({ id: two.id, state: 'sending' });
    expect(await deskA.nextRetryAt(SENDABLE)).toBe(later);
    const done = await deskA.recordOutcome(result.next!, lease.owner, accepted(91), { lease, sendable: SENDABLE });
    expect(done.row).toMatchObject({ state: 'accepted', recordid: 91, httpStatus: 201, message: 'stored' });
    expect(done.next).toBeUndefined(); // the failed row is not due yet

    expect(await deskB.sendNow('Sandbox')).toBe(1);
    expect((await deskB.history(one.id)).at(-1)).toMatchObject({ actor: 'sam', note: 'send now' });
    const again = await deskB.claimNext({ owner: 'desk-b', ms: 30_000 }, SENDABLE);
    expect(again).toMatchObject({ id: one.id, attempts: 2, nextAttemptAt: null });
    await deskB.recordOutcome(again!, 'desk-b', failed(null, 'credentials'));
    expect(await deskB.claimNext({ owner: 'desk-b', ms: 30_000 }, SENDABLE)).toBeUndefined();
    expect(await deskA.retryWaiting('Sandbox')).toBe(1);
    expect((await deskA.history(one.id)).at(-1)).toMatchObject({
      actor: "system (clara's desk)",
      note: 'credentials changed',
    });
    const third = (await deskA.claimNext(lease, SENDABLE))!;
    expect(third.id).toBe(one.id);
    await deskA.recordOutcome(third, lease.owner, accepted(92));
  });

  it('claims nothing of a paused profile, nor cancellations where no path is set', async () => {
    const paused = await queued(deskA, entry('PAUSE-1', {}, 'Other'));
    const cancellation = await deskA.queue(
      { ...entry('CANCEL-1', {}, 'Other'), kind: 'cancellation', originalRecordid: 91 },
      false,
    );
    expect(cancellation.row).toMatchObject({ kind: 'cancellation', originalRecordid: 91 });
    await deskB.setPaused('Other', true);
    expect(await deskA.claimNext({ owner: 'a', ms: 30_000 }, SENDABLE)).toBeUndefined();
    await deskB.setPaused('Other', false);
    expect((await deskA.claimNext({ owner: 'a', ms: 30_000 }, SENDABLE))?.id).toBe(paused.id);
    expect(await deskA.claimNext({ owner: 'a', ms: 30_000 }, SENDABLE)).toBeUndefined();
    expect((await deskA.claimNext({ owner: 'a', ms: 30_000 }, { ...SENDABLE, cancellations: ['Other'] }))?.id).toBe(
      cancellation.row?.id,
    );
    expect(await deskA.openCounts('Other')).toEqual({ sending: 2 });
  });
});
