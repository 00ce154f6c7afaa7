// The office journal on a primary with a synchronous streaming standby: a desk given both servers
// (as libpq and every PostgreSQL HA guide write it) rides out the primary crashing mid-import and
// the standby being promoted; a desk given only the standby says so in one sentence and exits.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useCliRig } from '@test/support/cli-rig';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { startStandby, type TestStandby } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';

const DESK = { user: 'desk_clerk', password: 'desk-clerk-pw', role: 'clerk' } as const;

describeOfficeOnly('the command line on a primary and its standby', () => {
  const cli = useCliRig({ prefix: 'feed-desk-cli-failover-', office: { durable: true, user: DESK } });
  let standby: TestStandby;
  beforeAll(async () => {
    standby = await startStandby(cli.postgres, { synchronous: true });
  }, 60_000);
  afterAll(async () => {
    await standby?.stop();
  });

  /** Counts by state on one server, read on a connection of its own (undefined while it is down). */
  async function states(url: string): Promise<Record<string, number> | undefined> {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ state: string; n: string }>(
        'SELECT state, count(*) AS n FROM feed_desk.submissions GROUP BY state',
      );
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    } catch {
      return undefined;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  it('a desk given only the standby says it is a read-only standby in one sentence and exits within seconds', async () => {
    const where = `127.0.0.1:${standby.port}/feed_desk`;
    const started = Date.now();
    const run = await cli.run(['submit', 'examples/entry.json'], {
      FEED_DESK_JOURNAL_URL: `postgres://${DESK.user}@${where}`,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `feed-desk: The office journal at ${where} is a read-only standby: Feed Desk writes to the journal, so give it the primary's address (or every server's, postgres://USER@PRIMARY:5432,STANDBY:5432/DATABASE?target_session_attrs=read-write).\n`,
    );
  }, 30_000);

  it('300 rows on a two-server URL, the primary crashing after 60 and the standby promoted: every row accepted once, exit 0', async () => {
    const { rows } = mixedEntries(300, 2_000_000, 'FAILOVER');
    const file = writeEntriesCsv(cli.home, 'failover.csv', rows);
    cli.sandbox.faults.clear();
    cli.sandbox.faults.add({ target: 'entry', times: 10_000, fault: { kind: 'latency', ms: 25 } });
    const before = cli.sandbox.records.length;
    const url = `postgres://${DESK.user}@127.0.0.1:${cli.postgres.port},127.0.0.1:${standby.port}/feed_desk?target_session_attrs=read-write`;
    let finished = false;
    const run = cli.run(['submit', '--csv', file, '--concurrency', '4', '--json'], { FEED_DESK_JOURNAL_URL: url });
    void run.finally(() => (finished = true));
    for (;;) {
      if (((await states(cli.postgres.ownerUrl))?.accepted ?? 0) >= 60) break;
      if (finished) throw new Error(`the import ended before the failover: ${JSON.stringify(await run)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    cli.postgres.crash();
    await new Promise((r) => setTimeout(r, 1_000));
    standby.promote();
    const done = await run;
    cli.sandbox.faults.clear();

    expect(done.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(done.stderr).not.toMatch(/ECONNREFUSED|Connection terminated|during recovery/);
    expect(done.code).toBe(0);
    expect(await states(standby.ownerUrl)).toEqual({ accepted: 300 });
    const stored = cli.sandbox.records.slice(before).map(storedReference);
    expect(stored).toHaveLength(300);
    expect(new Set(stored).size).toBe(300);
  }, 180_000);
});
