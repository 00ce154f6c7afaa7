// Office benchmark: N desks (each the real command line in its own process, its own database user
// and data folder) importing 300 rows each at once into one office journal on a throwaway
// PostgreSQL 15 cluster with pg_stat_statements, against the sandbox answering 5 % of entries 503.
// For N = 1, 4, 8 (BENCH_DESKS=1,4,8): rows stored once, office rows/s, database time and
// statements per entry (pg_stat_statements, the desks' own statements), NOTIFYs per entry (a LISTEN
// client on the change channel) and the desks' p99 claim round trip (FEED_DESK_CLAIM_TIMES). Last line:
// `office 8 desks: N of N stored once, database ms per entry D, statements per entry S, notifies per
// entry K, claim p99 P ms, cost vs 1 desk X`.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSandboxLink } from '../electron/main/core/sandbox-link';
import { CHANGE_CHANNEL } from '../electron/main/journal/postgres/schema/names';
import { startSandbox } from '../electron/sandbox/server';
import { mixedEntries, storedReference, writeEntriesCsv } from '../test/support/import-files';
import { OWNER } from '../test/support/postgres';
import { asGiven, cli, clusterWithStatements } from './office-cli';
import { loadAtStart, verdictNote } from './quiet';

const ROWS = Number(process.env.BENCH_ROWS ?? 300);
const DESKS = (process.env.BENCH_DESKS ?? '1,4,8').split(',').map(Number);
/** Sending slots per desk (BENCH_CONCURRENCY; 4 unless given): how many outcomes one call settles. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const EXPLAIN_LOG = process.env.BENCH_EXPLAIN_LOG ?? join(tmpdir(), 'feed-desk-office-plans.log');

const postgres = await clusterWithStatements();
if (process.env.BENCH_VERBOSE) {
  // The statements inside the functions too (with their planning time), and auto_explain's plans
  // with buffers and trigger times of every statement over 4 ms: where a call's time goes.
  const verbose = new pg.Client({ connectionString: postgres.url(OWNER, undefined, 'postgres') });
  await verbose.connect();
  await verbose.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
  await verbose.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
  await verbose.query(`LOAD 'auto_explain'`);
  await verbose.query(`ALTER SYSTEM SET session_preload_libraries = 'auto_explain'`);
  await verbose.query(`ALTER SYSTEM SET auto_explain.log_min_duration = 4`);
  await verbose.query(`ALTER SYSTEM SET auto_explain.log_analyze = on`);
  await verbose.query(`ALTER SYSTEM SET auto_explain.log_buffers = on`);
  await verbose.query(`ALTER SYSTEM SET auto_explain.log_triggers = on`);
  await verbose.query(`ALTER SYSTEM SET auto_explain.log_nested_statements = on`);
  await verbose.query('SELECT pg_reload_conf()');
  await verbose.end();
}
const sandbox = await startSandbox({ latencyMs: 5 });

/**
 * CPU time the cluster has used, in ms (Linux /proc): the postmaster, its live backends, and the
 * backends that ended (counted in the postmaster's cutime once reaped). Beside the statements' wall
 * time it shows how much of a statement's time was the database working and how much waiting for a core.
 */
function clusterCpuMs(): number {
  const ticks = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: f[1]!, own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  };
  const postmaster = readFileSync(join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
  const main = ticks(postmaster);
  let total = main.own + main.children;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const t = ticks(pid);
      if (t.ppid === postmaster) total += t.own;
    } catch {
      // The process ended while we looked: its time is in the postmaster's cutime.
    }
  }
  return total * 10; // USER_HZ is 100 on Linux
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? NaN;

interface Figures {
  once: number;
  entries: number;
  rate: number;
  dbMs: number;
  cpuMs: number;
  statements: number;
  notifies: number;
  claimP99: number;
  claims: number;
}

/** One office database, `desks` desks of ROWS rows at once; the figures. */
async function office(desks: number): Promise<Figures> {
  const database = `office_${desks}`;
  const admin = new pg.Client({ connectionString: postgres.url(OWNER, undefined, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const ownerGiven = asGiven(postgres.url(OWNER, undefined, database));
  await cli(['office', 'init', '--url', ownerGiven.url], { PGPASSWORD: ownerGiven.password });
  const db = new pg.Client({ connectionString: postgres.url(OWNER, undefined, database) });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const users = Array.from({ length: desks }, (_, i) => `desk_${desks}_${i + 1}`);
  for (const user of users) {
    await cli(
      ['office', 'add-user', user, '--role', 'clerk', '--url', ownerGiven.url, '--password-stdin'],
      {
        PGPASSWORD: ownerGiven.password,
      },
      `${user}-pw\n`,
    );
  }
  const homes = users.map((user) => {
    const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-office-'));
    writeSandboxLink(home, sandbox.url);
    const file = writeEntriesCsv(home, 'rows.csv', mixedEntries(ROWS, Number.MAX_SAFE_INTEGER, user).rows);
    return { user, home, file, times: join(home, 'claim-times') };
  });
  // 5 % of entries answered 503 (Retry-After 1 s), spread evenly.
  sandbox.faults.clear();
  for (let i = 0; i < (desks * ROWS) / 10; i += 1) {
    sandbox.faults.add({ target: 'entry', times: 19, fault: { kind: 'latency', ms: 0 } });
    sandbox.faults.add({ target: 'entry', times: 1, fault: { kind: 'status', status: 503, retryAfter: 1 } });
  }
  const listener = new pg.Client({ connectionString: postgres.url(OWNER, undefined, database) });
  await listener.connect();
  let notifies = 0;
  listener.on('notification', () => (notifies += 1));
  await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
  await db.query('SELECT pg_stat_statements_reset()');
  const before = sandbox.records.length;
  const cpuBefore = clusterCpuMs();

  const started = performance.now();
  const runs = Promise.all(
    homes.map(({ user, home, file, times }) =>
      cli(['submit', '--csv', file, '--concurrency', String(CONCURRENCY), '--json'], {
        FEED_DESK_HOME: home,
        FEED_DESK_JOURNAL_URL: asGiven(postgres.url(user, 'x', database)).url,
        PGPASSWORD: `${user}-pw`,
        FEED_DESK_CLAIM_TIMES: times,
      }),
    ),
  );
  await runs.catch(async (err: unknown) => {
    const failed = await db.query(
      `SELECT s.id, s.state, s.attempts, s.next_attempt_at, s.error_code, s.message, h.from_state, h.to_state, h.actor, h.note, h.at
         FROM feed_desk.submissions s JOIN feed_desk.history h ON h.submission_id = s.id
        WHERE s.state NOT IN ('accepted') ORDER BY s.id, h.id`,
    );
    console.error(failed.rows);
    throw err;
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = clusterCpuMs() - cpuBefore;
  await new Promise((r) => setTimeout(r, 200)); // the last notifications
  const { rows } = await db.query<{ ms: number; calls: number }>(
    `SELECT coalesce(sum(total_exec_time), 0)::float8 AS ms, coalesce(sum(calls), 0)::float8 AS calls
       FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
      WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = $1) AND r.rolname = ANY ($2::text[])`,
    [database, users],
  );
  if (process.env.BENCH_VERBOSE) {
    const top = await db.query<{ query: string; calls: string; ms: number; plan: number }>(
      `SELECT left(regexp_replace(query, $$\\s+$$, $$ $$, $$g$$), 110) AS query, calls, total_exec_time::float8 AS ms,
              total_plan_time::float8 AS plan
         FROM pg_stat_statements s WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = $1)
         ORDER BY total_exec_time DESC LIMIT 25`,
      [database],
    );
    const hot = await db.query<{ updates: string; hot: string }>(
      `SELECT n_tup_upd AS updates, n_tup_hot_upd AS hot FROM pg_stat_user_tables
        WHERE schemaname = 'feed_desk' AND relname = 'submissions'`,
    );
    console.log(`  submissions: ${hot.rows[0]?.updates} updates, ${hot.rows[0]?.hot} of them HOT`);
    for (const t of top.rows)
      console.log(
        `  ${t.ms.toFixed(0).padStart(7)} ms plan ${String(Math.round(t.plan)).padStart(5)} ${String(t.calls).padStart(6)} calls  ${t.query}`,
      );
  }
  await listener.end();
  await db.end();
  const entries = desks * ROWS;
  const stored = sandbox.records.slice(before).map(storedReference);
  const mine = stored.filter((ref) => users.some((u) => ref?.startsWith(`${u}-`)));
  const counts = new Map<string, number>();
  for (const ref of mine) counts.set(ref!, (counts.get(ref!) ?? 0) + 1);
  const once = [...counts.values()].filter((n) => n === 1).length;
  const times = homes.flatMap(({ times }) => readFileSync(times, 'utf8').split('\n').filter(Boolean).map(Number));
  for (const { home } of homes) rmSync(home, { recursive: true, force: true });
  return {
    once,
    entries,
    rate: entries / seconds,
    dbMs: rows[0]!.ms / entries,
    cpuMs: cpuMs / entries,
    statements: rows[0]!.calls / entries,
    notifies: notifies / entries,
    claimP99: p99(times),
    claims: times.length,
  };
}

console.log(
  `office benchmark: ${DESKS.join(', ')} desks of ${ROWS} rows each at once (feed-desk submit --csv, concurrency ` +
    `${CONCURRENCY}, own user and data folder), PostgreSQL 15 on this computer (synchronous_commit off), ` +
    `sandbox latency 5 ms with 5 % of entries answered 503; ${loadAtStart()}`,
);
const results = new Map<number, Figures>();
try {
  for (const desks of DESKS) {
    const f = await office(desks);
    results.set(desks, f);
    console.log(
      `${desks} desk${desks === 1 ? '' : 's'}: ${f.once} of ${f.entries} stored once, ${f.rate.toFixed(0)} office rows/s, ` +
        `database ms per entry ${f.dbMs.toFixed(3)} (cluster CPU ${f.cpuMs.toFixed(3)}), statements per entry ${f.statements.toFixed(2)}, ` +
        `notifies per entry ${f.notifies.toFixed(2)}, claim p99 ${f.claimP99.toFixed(1)} ms (${f.claims} claims); ` +
        verdictNote(),
    );
  }
} finally {
  await sandbox.close();
  // BENCH_VERBOSE: the plans of every statement over 4 ms, from the server's log.
  if (process.env.BENCH_VERBOSE) copyFileSync(join(postgres.socketDir, 'log'), EXPLAIN_LOG);
  await postgres.stop();
}
const one = results.get(1);
const last = results.get(Math.max(...DESKS))!;
console.log(
  'targets at 8 desks: database ms per entry <= 0.5, notifies per entry <= 0.5, claim p99 <= 20 ms, cost vs 1 desk <= 1.5',
);
console.log(
  `office ${Math.max(...DESKS)} desks: ${last.once} of ${last.entries} stored once, database ms per entry ${last.dbMs.toFixed(2)}, ` +
    `statements per entry ${last.statements.toFixed(2)}, notifies per entry ${last.notifies.toFixed(2)}, ` +
    `claim p99 ${last.claimP99.toFixed(1)} ms, cost vs 1 desk ${one ? (last.dbMs / one.dbMs).toFixed(2) : 'n/a'}` +
    ` (${verdictNote()})`,
);
