// The office database restarted (as a crash: pg_ctl -m immediate) in the middle of a bulk import.
import { expect, it } from 'vitest';
import pg from 'pg';
import { useCliRig } from '@test/support/cli-rig';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { describeOfficeOnly } from '@test/support/stores';

const DESK = { user: 'desk_clerk', password: 'desk-clerk-pw', role: 'clerk' } as const;

describeOfficeOnly('the command line rides out an office database restart', () => {
  // The CLI's journal is the office one, signed in as DESK (FEED_DESK_JOURNAL_URL, PGPASSWORD).
  const cli = useCliRig({ prefix: 'feed-desk-cli-restart-', office: { durable: true, user: DESK } });

  /** Counts by state, read on a connection of its own (the server may be down: then undefined). */
  async function states(): Promise<Record<string, number> | undefined> {
    const client = new pg.Client({ connectionString: cli.postgres.ownerUrl });
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

  it('300 rows, the database down for 2 s after 60: every row accepted once, nothing left sending or unknown, exit 0', async () => {
    const { rows } = mixedEntries(300, 1_000_000, 'RESTART');
    const file = writeEntriesCsv(cli.home, 'restart.csv', rows);
    cli.sandbox.faults.clear();
    cli.sandbox.faults.add({ target: 'entry', times: 10_000, fault: { kind: 'latency', ms: 25 } });
    const before = cli.sandbox.records.length;
    const run = cli.run(['submit', '--csv', file, '--concurrency', '4', '--json']);
    for (;;) {
      const now = await states();
      if ((now?.accepted ?? 0) >= 60) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await cli.postgres.restart(2_000);
    const done = await run;
    cli.sandbox.faults.clear();

    expect(done.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(done.stderr).not.toMatch(/ECONNREFUSED|Connection terminated/);
    expect(done.code).toBe(0);
    expect(await states()).toEqual({ accepted: 300 });
    const stored = cli.sandbox.records.slice(before).map(storedReference);
    expect(stored).toHaveLength(300);
    expect(new Set(stored).size).toBe(300);
  }, 180_000);

  it('a submit while the database is down says so in one plain sentence and exits 1', async () => {
    cli.postgres.crash();
    let text, json;
    try {
      [text, json] = await Promise.all([
        cli.run(['submit', 'examples/entry.json']),
        cli.run(['submit', 'examples/entry.json', '--json']),
      ]);
    } finally {
      cli.postgres.start();
    }
    const where = `127.0.0.1:${cli.postgres.port}/feed_desk`;
    expect(text.code).toBe(1);
    expect(text.stderr).toBe(
      `feed-desk: The office journal at ${where} refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.\n`,
    );
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: {
        message: `The office journal at ${where} refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.`,
      },
    });
  }, 60_000);
});
