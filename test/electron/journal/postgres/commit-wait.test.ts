// A primary whose synchronous standby is gone holds every commit, and PostgreSQL's statement_timeout
// does not cover that wait. The desk bounds it itself: the call ends within its time as an outage
// (the banner, then one plain sentence), and once the standby is back the desk goes on with no
// answer lost or recorded twice.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore, RecordOutcome } from '@main/journal/store';
import { startPostgres, startStandby, type TestPostgres, type TestStandby } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';
import { entry, PEOPLE, queued, SENDABLE, sleep } from './office-rig';

/**
 * How long one try of the desk in this test waits for an answer (the desk's own default is 20 s):
 * above the session's lock_timeout (5 s) as the default is, so the retry meets the rows the first
 * try still holds, and gives up on that lock, before the call ends.
 */
const ANSWER_MS = 6_000;
/** How long the desk in this test waits out a call (the desk's own default is 120 s). */
const OUTAGE_MS = 8_000;
/** The desk session's lock_timeout (servers.ts). */
const LOCK_MS = 5_000;
const LEASE = { owner: 'sender-1', ms: 60_000 };

describeOfficeOnly('office journal: a synchronous standby that is gone', () => {
  let primary: TestPostgres;
  let standby: TestStandby;
  let desk: JournalStore;

  beforeAll(async () => {
    primary = await startPostgres({ durable: true });
    await officeInit(primary.ownerUrl);
    await addUser(primary.ownerUrl, PEOPLE.clerk.user, 'clerk', PEOPLE.clerk.password);
    standby = await startStandby(primary, { synchronous: true });
    desk = await createPostgresStore({
      url: primary.url(PEOPLE.clerk.user, PEOPLE.clerk.password),
      outageMs: OUTAGE_MS,
      answerMs: ANSWER_MS,
    });
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await standby?.stop();
    await primary?.stop();
  });

  /** Rows by state and history entries into `accepted`, read by the owner. */
  async function journal() {
    const client = new pg.Client({ connectionString: primary.ownerUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ reference: string; state: string; accepted: number }>(
        `SELECT s.payload->>'reference' AS reference, s.state,
           (SELECT count(*)::int FROM feed_desk.history h WHERE h.submission_id = s.id AND h.to_state = 'accepted') AS accepted
         FROM feed_desk.submissions s ORDER BY s.id`,
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  /** Waits until the primary streams to a synchronous standby again. */
  async function standbyBack() {
    const client = new pg.Client({ connectionString: primary.url(undefined, undefined, 'postgres') });
    await client.connect();
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = 'sync'`,
        );
        if ((rows[0]?.n ?? 0) > 0) return;
        if (Date.now() > deadline) throw new Error('the standby is not streaming after 30 s');
        await sleep(50);
      }
    } finally {
      await client.end();
    }
  }

  it('recording an answer while the standby is down ends within its time as an outage; once it is back, nothing is lost or recorded twice', async () => {
    const first = await queued(desk, entry('SYNC-1'));
    const second = await queued(desk, entry('SYNC-2'));
    const claimed = await desk.claimDue(LEASE, SENDABLE, 2);
    expect(claimed.map((r) => r.id)).toEqual([first.id, second.id]);
    const health: boolean[] = [];
    if (!desk.onHealth) throw new Error('the office journal tells of its health');
    desk.onHealth((reachable) => health.push(reachable));

    standby.crash();
    const answer: RecordOutcome = {
      id: first.id,
      owner: LEASE.owner,
      claim: claimed[0]!.claim,
      outcome: { state: 'accepted', recordid: 7001, message: 'ok', httpStatus: 201 },
    };
    const started = Date.now();
    const ended = await Promise.race([
      desk.recordOutcomes([answer]).then(
        () => 'recorded',
        (err: unknown) => err as Error,
      ),
      sleep(ANSWER_MS + LOCK_MS + 10_000).then(() => 'still waiting'),
    ]);
    const took = Date.now() - started;
    expect(ended).toBeInstanceOf(Error);
    expect((ended as Error).name).toBe('JournalUnreachableError');
    expect((ended as Error).message).toBe(
      `The office journal at 127.0.0.1:${primary.port}/feed_desk kept record_outcomes waiting: the office database did not finish a commit in 6 s, again and again for 8 s: a synchronous standby may be down (ask the administrator); what the last try changed is recorded once the database finishes it.`,
    );
    expect(took).toBeLessThan(ANSWER_MS + LOCK_MS + 2_500);
    expect(health[0]).toBe(false); // the desk's banner: the journal cannot be reached for now

    standby.start();
    await standbyBack();
    // The answer was held (the outcome spill) and is recorded again: idempotent, whatever the first try did.
    const replay = await desk.recordOutcomes([answer]);
    expect(replay.rows.map((r) => [r.id, r.state])).toEqual([[first.id, 'accepted']]);
    await desk.recordOutcomes([
      {
        id: second.id,
        owner: LEASE.owner,
        claim: claimed[1]!.claim,
        outcome: { state: 'accepted', recordid: 7002, message: 'ok', httpStatus: 201 },
      },
    ]);
    expect(health.at(-1)).toBe(true);
    expect(await desk.claimDue(LEASE, SENDABLE, 10)).toEqual([]); // nothing left to send again
    expect(await journal()).toEqual([
      { reference: 'SYNC-1', state: 'accepted', accepted: 1 },
      { reference: 'SYNC-2', state: 'accepted', accepted: 1 },
    ]);
  }, 60_000);
});
