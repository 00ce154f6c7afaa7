// The office database restarted (as a crash: pg_ctl -m immediate) in the middle of a bulk import.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { writeSandboxLink } from '../../../electron/main/core/sandbox-link';
import { officeInit } from '../../../electron/main/journal/postgres/office-init';
import { addUser } from '../../../electron/main/journal/postgres/roles';
import { runCli } from '../../support/cli';
import { mixedEntries, storedReference, writeEntriesCsv } from '../../support/import-files';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { describeOfficeOnly } from '../../support/stores';

const DESK = { user: 'desk_clerk', password: 'desk-clerk-pw' };

let sandbox: Sandbox;
let server: TestPostgres;
let home: string;

describeOfficeOnly('the command line rides out an office database restart', () => {
  beforeAll(async () => {
    sandbox = await startSandbox();
    server = await startPostgres({ durable: true });
    await officeInit(server.ownerUrl);
    await addUser(server.ownerUrl, DESK.user, 'clerk', DESK.password);
    home = mkdtempSync(join(tmpdir(), 'feed-desk-cli-restart-'));
    writeSandboxLink(home, sandbox.url);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await server?.stop();
  });

  const env = () => ({
    FEED_DESK_HOME: home,
    FEED_DESK_CLIENT_ID: '',
    FEED_DESK_CLIENT_SECRET: '',
    FEED_DESK_PROFILE: '',
    FEED_DESK_JOURNAL_URL: `postgres://${DESK.user}@127.0.0.1:${server.port}/feed_desk?sslmode=disable`,
    PGPASSWORD: DESK.password,
  });

  /** Counts by state, read on a connection of its own (the server may be down: then undefined). */
  async function states(): Promise<Record<string, number> | undefined> {
    const client = new pg.Client({ connectionString: server.ownerUrl });
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
    const file = writeEntriesCsv(home, 'restart.csv', rows);
    sandbox.faults.clear();
    sandbox.faults.add({ target: 'entry', times: 10_000, fault: { kind: 'latency', ms: 25 } });
    const before = sandbox.records.length;
    const run = runCli(['submit', '--csv', file, '--concurrency', '4', '--json'], env());
    for (;;) {
      const now = await states();
      if ((now?.accepted ?? 0) >= 60) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await server.restart(2_000);
    const done = await run;
    sandbox.faults.clear();

    expect(done.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(done.stderr).not.toMatch(/ECONNREFUSED|Connection terminated/);
    expect(done.code).toBe(0);
    expect(await states()).toEqual({ accepted: 300 });
    const stored = sandbox.records.slice(before).map(storedReference);
    expect(stored).toHaveLength(300);
    expect(new Set(stored).size).toBe(300);
  }, 180_000);

  it('a submit while the database is down says so in one plain sentence and exits 1', async () => {
    server.crash();
    let text, json;
    try {
      [text, json] = await Promise.all([
        runCli(['submit', 'examples/entry.json'], env()),
        runCli(['submit', 'examples/entry.json', '--json'], env()),
      ]);
    } finally {
      server.start();
    }
    const where = `127.0.0.1:${server.port}/feed_desk`;
    expect(text.code).toBe(1);
    expect(text.stderr).toBe(
      `feed-desk: The office journal at ${where} cannot be reached (connection refused): nothing was sent.\n`,
    );
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: { message: `The office journal at ${where} cannot be reached (connection refused): nothing was sent.` },
    });
  }, 60_000);
});
