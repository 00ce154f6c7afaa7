// The office journal behind PgBouncer as Debian ships it, in transaction pooling (no
// ignore_startup_parameters): a desk signs in through it, a bulk import goes through it, and the
// live change feed either listens on a direct connection (listenUrl) or, without one, says that
// screens refresh on a timer, and they do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import type { SubmissionRow } from '@shared/journal/types';
import { useCliRig } from '@test/support/cli-rig';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { pgbouncerMissing, startPgbouncer, type TestPgbouncer } from '@test/support/pgbouncer';
import { postgresMissing } from '@test/support/postgres';
import { entry } from '../journal/postgres/office-rig';

const DESK = { user: 'desk_clerk', password: 'desk-clerk-pw', role: 'clerk' } as const;
const missing = postgresMissing() ?? pgbouncerMissing();
const suite = missing ? describe.skip : describe;

suite(`the office journal through PgBouncer in transaction pooling${missing ? ` — SKIPPED: ${missing}` : ''}`, () => {
  const cli = useCliRig({ prefix: 'feed-desk-cli-pooler-', office: { user: DESK } });
  let pooler: TestPgbouncer;
  const stores: JournalStore[] = [];
  beforeAll(async () => {
    pooler = await startPgbouncer(cli.postgres, [DESK.user]);
  }, 30_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    pooler?.stop();
  });

  const open = async (listenUrl?: string) => {
    const store = await createPostgresStore({
      url: pooler.url(DESK.user),
      password: DESK.password,
      ...(listenUrl ? { listenUrl } : {}),
    });
    stores.push(store);
    return store;
  };

  /** Resolves with the row once `store` hears of it, or undefined after `ms`. */
  const heard = (store: JournalStore, reference: string, ms: number) =>
    new Promise<SubmissionRow | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), ms);
      const stop = store.onChange((row) => row.reference === reference && done(row));
      const done = (row: SubmissionRow | undefined) => {
        clearTimeout(timer);
        stop();
        resolve(row);
      };
    });

  it('a bulk import of 120 rows through the pooler: every row accepted once, exit 0, no driver words', async () => {
    const { rows } = mixedEntries(120, 3_000_000, 'POOLED');
    const file = writeEntriesCsv(cli.home, 'pooled.csv', rows);
    cli.sandbox.faults.clear();
    const before = cli.sandbox.records.length;
    const done = await cli.run(['submit', '--csv', file, '--concurrency', '4', '--json'], {
      FEED_DESK_JOURNAL_URL: pooler.url(DESK.user),
    });
    expect(done.stderr).not.toMatch(/\n\s+at |unsupported startup parameter|connection dropped/);
    expect(done.code).toBe(0);
    const stored = cli.sandbox.records.slice(before).map(storedReference);
    expect(stored).toHaveLength(120);
    expect(new Set(stored).size).toBe(120);
  }, 120_000);

  it('the command line through the pooler says its screens would not be live, unless FEED_DESK_JOURNAL_LISTEN_URL gives a direct address', async () => {
    const pooled = { FEED_DESK_JOURNAL_URL: pooler.url(DESK.user) };
    const plain = await cli.run(['journal'], pooled);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('Live updates from other desks do not reach this desk through');
    const direct = `postgres://${DESK.user}@127.0.0.1:${cli.postgres.port}/feed_desk`;
    const listening = await cli.run(['journal'], { ...pooled, FEED_DESK_JOURNAL_LISTEN_URL: direct });
    expect(listening.code).toBe(0);
    expect(listening.stderr).toBe('');
  }, 60_000);

  it('with a listenUrl to the database itself, another desk’s change reaches the screens live', async () => {
    const watching = await open(cli.postgres.url(DESK.user, DESK.password));
    expect(watching.location).not.toHaveProperty('note');
    const other = await open(cli.postgres.url(DESK.user, DESK.password));
    const arriving = heard(watching, 'LIVE-1', 5_000);
    await other.queue(entry('LIVE-1'), false);
    expect((await arriving)?.state).toBe('queued');
  }, 30_000);

  it('without one, the desk says its screens refresh every 10 s, and another desk’s change arrives by then', async () => {
    const watching = await open();
    expect(watching.location).toMatchObject({
      note: `Live updates from other desks do not reach this desk through 127.0.0.1:${pooler.port}/feed_desk (a connection pooler in transaction mode?): screens refresh every 10 s. Give the desk a direct address to listen on (FEED_DESK_JOURNAL_LISTEN_URL) for live updates.`,
    });
    const other = await open(cli.postgres.url(DESK.user, DESK.password));
    const arriving = heard(watching, 'REFRESHED-1', 15_000);
    await other.queue(entry('REFRESHED-1'), false);
    expect((await arriving)?.state).toBe('queued');
  }, 30_000);
});
