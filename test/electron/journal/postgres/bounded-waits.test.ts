// Bounded waits: a desk never waits without end on a lock another session holds. Any clerk can
// compute the duplicate guard's lock key from a profile and policy and hold it; the desk's call
// then gives up within its time with one plain sentence, and the guard refuses to run outside
// READ COMMITTED whatever the session (a pooler may drop the desk's session settings).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectAsOwner } from '@main/journal/office/owner-session';
import { OfficeServers } from '@main/journal/postgres/connection/servers';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import { describeOfficeOnly } from '@test/support/stores';
import { entry, PEOPLE, startOffice, type Office } from './office-rig';

/** How long the desk in these tests waits out a call (the desk's own default is 120 s). */
const OUTAGE_MS = 4_000;
/** The guard functions' lock_timeout (schema/every-init/guard-waits.sql). */
const LOCK_MS = 5_000;

describeOfficeOnly('office journal: bounded waits', () => {
  let office: Office;
  let desk: JournalStore;
  let holder: pg.Client;

  beforeAll(async () => {
    office = await startOffice();
    desk = await createPostgresStore({
      url: office.server.url(PEOPLE.clerk.user, PEOPLE.clerk.password),
      outageMs: OUTAGE_MS,
    });
    holder = new pg.Client({ connectionString: office.server.url(PEOPLE.clerk2.user, PEOPLE.clerk2.password) });
    await holder.connect();
  }, 60_000);
  afterAll(async () => {
    await holder?.end();
    await desk?.close();
    await office?.stop();
  });

  it('another clerk holding the duplicate guard’s lock: the call ends within its time in one plain sentence, then goes through once the lock is let go', async () => {
    const submission = entry('WAIT-1');
    await holder.query(`SELECT pg_advisory_lock(hashtextextended($1 || chr(31) || $2, 4))`, ['Sandbox', 'POL-WAIT-1']);
    const started = Date.now();
    const refused = await desk.queue(submission, false).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    const took = Date.now() - started;
    expect(refused?.name).toBe('JournalUnreachableError');
    expect(refused?.message).toBe(
      `The office journal at 127.0.0.1:${office.server.port}/feed_desk kept queue waiting for a lock another session holds (the duplicate check of the same policy, or a row another desk is changing), again and again for 4 s: nothing was changed; try again later, or ask the administrator what holds it (pg_stat_activity).`,
    );
    expect(took).toBeGreaterThanOrEqual(LOCK_MS);
    expect(took).toBeLessThan(OUTAGE_MS + LOCK_MS + 2_000);

    await holder.query('SELECT pg_advisory_unlock_all()');
    const result = await desk.queue(submission, false);
    expect(result.row?.state).toBe('queued');
    const { rows } = await office.sql(
      'owner',
      `SELECT count(*)::int AS n FROM feed_desk.submissions WHERE reference = 'WAIT-1'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  }, 30_000);

  it('the guard runs only in READ COMMITTED: a clerk’s REPEATABLE READ transaction is refused, nothing queued', async () => {
    await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const refused = await holder
      .query(
        `SELECT * FROM feed_desk.queue('entry', 'Sandbox', '{"reference":"RR-1","policy":"P"}', 'h-rr-1', NULL, false)`,
      )
      .then(
        () => undefined,
        (err: unknown) => err as { code?: string },
      );
    await holder.query('ROLLBACK');
    expect(refused?.code).toBe('25001');
    const { rows } = await office.sql(
      'owner',
      `SELECT count(*)::int AS n FROM feed_desk.submissions WHERE reference = 'RR-1'`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('every guard function waits at most 5 s for a lock, whatever the session set', async () => {
    const { rows } = await office.sql(
      'owner',
      `SELECT p.proname::text AS name, p.proconfig AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'feed_desk' AND p.prosrc LIKE '%pg_advisory_xact_lock%' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['queue', 'queue_batch']));
    for (const row of rows) {
      expect(row.config).toEqual(expect.arrayContaining(['lock_timeout=5s', 'transaction_isolation=read committed']));
    }
  });

  it('desk and owner sessions set their time limits once connected', async () => {
    const settings = async (client: pg.Client) =>
      (
        await client.query<{ s: string; l: string; i: string; iso: string }>(
          `SELECT current_setting('statement_timeout') AS s, current_setting('lock_timeout') AS l,
             current_setting('idle_in_transaction_session_timeout') AS i, current_setting('transaction_isolation') AS iso`,
        )
      ).rows[0];
    const desk = await new OfficeServers(office.server.url(PEOPLE.clerk.user, PEOPLE.clerk.password), 'desk').connect();
    try {
      expect(await settings(desk)).toEqual({ s: '15s', l: '5s', i: '1min', iso: 'read committed' });
    } finally {
      await desk.end();
    }
    expect(await connectAsOwner(office.server.ownerUrl, settings)).toEqual({
      s: '15min',
      l: '30s',
      i: '10min',
      iso: 'read committed',
    });
  });
});
