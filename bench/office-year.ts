// The office journal at a year's size: a database grown to BENCH_YEAR_ROWS submissions (default
// 1,000,000; 95 % accepted, 4 % rejected, 1 % failed, of which most wait for a person or a later
// retry) with three history lines each, written as the owner with every constraint, index and
// trigger in force, against a fresh office journal in the same cluster. Then:
// - one desk sends 300 rows (`feed-desk submit --csv`, concurrency 4, sandbox latency 5 ms) to each,
//   three interleaved pairs (small, then year); R is the median of the pairs' rate ratios;
// - claim mean (the desk's claim_due round trips, FEED_DESK_CLAIM_TIMES) and outcome mean
//   (record_outcomes in pg_stat_statements) on the year's journal;
// - a person found by e-mail and by surname with postcode (find_person, the slower of the two);
// - the last 30 days exported as CSV by a supervisor (`feed-desk journal --since … --format csv`);
// - the Journal screen's first page, state filter, searches and counts through the store it uses.
// Last line: `office at N rows: 300 rows sent at R of the small table's rate, claim mean C ms,
// outcome mean O ms, privacy find P ms, month export E s`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSandboxLink } from '../electron/main/core/sandbox-link';
import { createPostgresStore } from '../electron/main/journal/postgres/store/store';
import { SCREEN_COUNT_UP_TO } from '../electron/main/ipc/handlers/journal';
import { startSandbox } from '../electron/sandbox/server';
import type { JournalFilter } from '@shared/journal/types';
import { mixedEntries, writeEntriesCsv } from '../test/support/import-files';
import { OWNER } from '../test/support/postgres';
import { asGiven, CLEAN, cli, clusterWithStatements } from './office-cli';
import { loadAtStart, median, verdictNote } from './quiet';

const YEAR_ROWS = Number(process.env.BENCH_YEAR_ROWS ?? 1_000_000);
const SEND_ROWS = 300;
const PAIRS = 3;
const CHUNK = 100_000;

console.log(
  `office year benchmark: ${YEAR_ROWS.toLocaleString('en-GB')} submissions and three history lines each against a ` +
    `fresh journal, PostgreSQL 15 on this computer; ${loadAtStart()}`,
);
const postgres = await clusterWithStatements();
const sandbox = await startSandbox({ latencyMs: 5 });

interface Office {
  database: string;
  db: pg.Client;
  ownerUrl: string;
}

/** A fresh office journal with a clerk and a supervisor. */
async function newOffice(database: string): Promise<Office> {
  const admin = new pg.Client({ connectionString: postgres.url(OWNER, undefined, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const ownerUrl = postgres.url(OWNER, undefined, database);
  const given = asGiven(ownerUrl);
  await cli(['office', 'init', '--url', given.url], { PGPASSWORD: given.password });
  for (const [user, role] of [
    [`${database}_clerk`, 'clerk'],
    [`${database}_sup`, 'supervisor'],
  ] as const) {
    await cli(
      ['office', 'add-user', user, '--role', role, '--url', given.url, '--password-stdin'],
      { PGPASSWORD: given.password },
      `${user}-pw\n`,
    );
  }
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return { database, db, ownerUrl };
}

/** A year of submissions, CHUNK rows a statement, as the owner with every index and trigger in force. */
async function growYear(office: Office): Promise<number> {
  const started = performance.now();
  await office.db.query("SET feed_desk.quiet = 'on'"); // an owner's bulk import announces nothing
  for (let from = 0; from < YEAR_ROWS; from += CHUNK) {
    const to = Math.min(YEAR_ROWS, from + CHUNK) - 1;
    await office.db.query(
      `INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy, surname,
         postcode, state, attempts, http_status, recordid, message, error_code, next_attempt_at, created_at, updated_at,
         queued_at, sending_at, finished_at)
       SELECT 'entry', 'Sandbox', 'desk_' || (i % 50),
         json_build_object('reference', 'Y' || i, 'policy', 'PY' || i, 'surname', 'Surname' || (i % 20011),
           'postcode', 'LS' || (i % 97) || ' ' || (i % 9) || 'AP', 'email', 'person' || (i % 300007) || '@example.com'),
         'y' || i, 'Y' || i, 'PY' || i, 'Surname' || (i % 20011), 'LS' || (i % 97) || ' ' || (i % 9) || 'AP', s.state,
         1, CASE s.state WHEN 'accepted' THEN 201 WHEN 'rejected' THEN 422 ELSE 503 END,
         CASE WHEN s.state = 'accepted' THEN 5000000 + i END,
         CASE WHEN s.state = 'accepted' THEN 'Record created' ELSE 'Refused' END,
         CASE WHEN s.state = 'accepted' THEN NULL ELSE 'x' END,
         -- failed rows: a third wait for a person, two thirds for a retry later today
         CASE WHEN s.state = 'failed' AND i % 3 <> 0 THEN now() + interval '6 hours' END,
         at, at, at, at, CASE WHEN s.state <> 'failed' THEN at END
       FROM generate_series($1::int, $2::int) AS i,
         LATERAL (SELECT CASE WHEN i % 100 = 7 THEN 'failed' WHEN i % 25 = 3 THEN 'rejected' ELSE 'accepted' END AS state,
           now() - interval '365 days' + (i::float8 / $3) * interval '365 days' AS at) s
       ORDER BY i`,
      [from, to, YEAR_ROWS],
    );
    await office.db.query(
      `INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, at)
       SELECT id, f, t, operator, created_at FROM feed_desk.submissions,
         LATERAL (VALUES (NULL, 'queued'), ('queued', 'sending'), ('sending', state)) AS h (f, t)
       WHERE id > (SELECT coalesce(max(submission_id), 0) FROM feed_desk.history)`,
    );
  }
  await office.db.query('RESET feed_desk.quiet');
  await office.db.query('VACUUM ANALYZE');
  return (performance.now() - started) / 1000;
}

/** One desk sends SEND_ROWS rows; its rate and claim round trips. */
async function send(office: Office, run: number): Promise<{ rate: number; claims: number[] }> {
  const user = `${office.database}_clerk`;
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-year-'));
  try {
    writeSandboxLink(home, sandbox.url);
    const file = writeEntriesCsv(
      home,
      'rows.csv',
      mixedEntries(SEND_ROWS, Number.MAX_SAFE_INTEGER, `${user}${run}`).rows,
    );
    const times = join(home, 'claim-times');
    const started = performance.now();
    await cli(['submit', '--csv', file, '--concurrency', '4', '--json'], {
      FEED_DESK_HOME: home,
      FEED_DESK_JOURNAL_URL: asGiven(postgres.url(user, 'x', office.database)).url,
      PGPASSWORD: `${user}-pw`,
      FEED_DESK_CLAIM_TIMES: times,
    });
    const rate = SEND_ROWS / ((performance.now() - started) / 1000);
    return { rate, claims: readFileSync(times, 'utf8').split('\n').filter(Boolean).map(Number) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function ms(fn: () => Promise<unknown>, repeat = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

const small = await newOffice('office_small');
const year = await newOffice('office_year');
const grown = await growYear(year);
const size = await year.db.query<{ rows: string; history: string; bytes: string }>(
  `SELECT (SELECT count(*) FROM feed_desk.submissions) AS rows, (SELECT count(*) FROM feed_desk.history) AS history,
     pg_size_pretty(pg_total_relation_size('feed_desk.submissions')) AS bytes`,
);
console.log(
  `  grown in ${grown.toFixed(0)} s: ${Number(size.rows[0]!.rows).toLocaleString('en-GB')} submissions, ` +
    `${Number(size.rows[0]!.history).toLocaleString('en-GB')} history lines, submissions ${size.rows[0]!.bytes} with its indexes`,
);

let ratios: number[] = [];
const claims: number[] = [];
try {
  await year.db.query('SELECT pg_stat_statements_reset()');
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const a = await send(small, pair);
    const b = await send(year, pair);
    claims.push(...b.claims);
    ratios.push(b.rate / a.rate);
    console.log(
      `  pair ${pair + 1}: small ${a.rate.toFixed(0)} rows/s, year ${b.rate.toFixed(0)} rows/s, ratio ${(b.rate / a.rate).toFixed(2)}`,
    );
  }
} finally {
  await sandbox.close();
}
const outcomes = await year.db.query<{ mean: number; calls: string }>(
  `SELECT sum(total_exec_time) / nullif(sum(calls), 0) AS mean, sum(calls) AS calls FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query LIKE '%record_outcomes($1::json%'`,
);
const claimMean = claims.reduce((a, b) => a + b, 0) / claims.length;
const outcomeMean = Number(outcomes.rows[0]?.mean ?? NaN);

// A person, found as a supervisor finds them (the owner is one).
const byEmail = await ms(() =>
  year.db.query(`SELECT count(*) FROM feed_desk.find_person('Person4242@Example.com', NULL, NULL)`),
);
const byName = await ms(() =>
  year.db.query(`SELECT count(*) FROM feed_desk.find_person(NULL, 'surname4242', 'ls73 6ap')`),
);
const found = await year.db.query(
  `SELECT count(*) AS n FROM feed_desk.find_person('person4242@example.com', NULL, NULL)`,
);
console.log(
  `  privacy find: by e-mail ${byEmail.toFixed(1)} ms (${found.rows[0]!.n} rows), by surname and postcode ${byName.toFixed(1)} ms`,
);

// The Journal screen's queries, through the store the screens use, as the owner.
const store = await createPostgresStore({ url: year.ownerUrl });
const screens: Array<[string, JournalFilter]> = [
  ['first page, newest first', {}],
  ['state = failed', { states: ['failed'] }],
  ['operator and profile', { operator: 'desk_7', profile: 'Sandbox' }],
  ['text: surname', { text: 'Surname4242' }],
  ['text: policy', { text: 'PY424242' }],
  ['text: recordid', { text: '5424242' }],
];
const screenMs: number[] = [];
for (const [label, filter] of screens) {
  let total = 0;
  let about = false;
  const t = await ms(async () => ({ total, about } = await store.list(filter, { countUpTo: SCREEN_COUNT_UP_TO })));
  screenMs.push(t);
  console.log(
    `  Journal ${label.padEnd(26)} ${t.toFixed(1)} ms (count ${about ? 'about ' : ''}${total.toLocaleString('en-GB')})`,
  );
}
await store.close();

// A month's export by a supervisor, as an office schedules it.
const supHome = mkdtempSync(join(tmpdir(), 'feed-desk-bench-year-sup-'));
const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const sup = `${year.database}_sup`;
const supEnv = {
  FEED_DESK_HOME: supHome,
  FEED_DESK_JOURNAL_URL: asGiven(postgres.url(sup, 'x', year.database)).url,
  PGPASSWORD: `${sup}-pw`,
};
if (process.env.BENCH_CPU_PROF) {
  // The export's own profile (node --cpu-prof into that folder), before the timed runs.
  const { spawnSync } = await import('node:child_process');
  const args = [
    '--cpu-prof',
    `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
    'bin/feed-desk.mjs',
    'journal',
    '--format',
    'csv',
  ];
  spawnSync(process.execPath, [...args, '--no-personal'], {
    env: { ...process.env, ...CLEAN, ...supEnv },
    stdio: 'ignore',
  });
}
await year.db.query('SELECT pg_stat_statements_reset()');
const oneStarted = performance.now();
await cli(['journal', '--since', tomorrow, '--format', 'csv', '--no-personal'], supEnv);
const oneS = (performance.now() - oneStarted) / 1000;
const exportStarted = performance.now();
const exported = await cli(['journal', '--since', since, '--format', 'csv', '--no-personal'], supEnv);
const exportS = (performance.now() - exportStarted) / 1000;
rmSync(supHome, { recursive: true, force: true });
if (process.env.BENCH_VERBOSE) {
  // Where the two exports' database time went.
  const top = await year.db.query<{ query: string; calls: string; ms: number }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query, calls, total_exec_time::float8 AS ms
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 8`,
  );
  for (const t of top.rows)
    console.log(`  ${t.ms.toFixed(0).padStart(7)} ms ${String(t.calls).padStart(6)} calls  ${t.query}`);
}
console.log(
  `  month export: ${(exported.stdout.split('\n').length - 2).toLocaleString('en-GB')} rows in ${exportS.toFixed(2)} s (the same command matching no row: ${oneS.toFixed(2)} s)`,
);

await small.db.end();
await year.db.end();
await postgres.stop();
ratios = ratios.sort((a, b) => a - b);
const find = Math.max(byEmail, byName);
console.log(
  `targets: R >= 0.9, privacy find <= 100 ms, month export <= 3 s, the Journal's queries <= 50 ms (slowest here ${Math.max(...screenMs).toFixed(1)} ms)`,
);
console.log(
  `office at ${YEAR_ROWS.toLocaleString('en-GB')} rows: ${SEND_ROWS} rows sent at ${median(ratios).toFixed(2)} of the small table's rate, ` +
    `claim mean ${claimMean.toFixed(1)} ms, outcome mean ${outcomeMean.toFixed(1)} ms, privacy find ${find.toFixed(1)} ms, ` +
    `month export ${exportS.toFixed(2)} s (${verdictNote()})`,
);
