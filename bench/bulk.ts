// Bulk import benchmark: rows of a CSV file through the real command line (`feed-desk submit
// --csv`, its own process: reading, validating, journalling, sending at concurrency 8) against raw
// multipart POSTs at the same concurrency, same run, same sandbox (own process, 5 ms latency).
// Peak RSS of the command at 1,000 and 10,000 rows shows whether it is flat. Last line:
// `bulk N rows/s, raw N rows/s, ratio R, commits per entry C, encrypted yes (load average …)` (`bulk
// postgres …` with `--store postgres`); R is the median of three pairs (raw, then the command). Runs under a session bus with a keyring, so the journal is encrypted as on a desk.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSandboxLink } from '../electron/main/core/sandbox-link';
import { mixedEntries, writeEntriesCsv } from '../test/support/import-files';
import { freshOfficeJournal } from '../test/support/office-journal';
import { raw, startSandboxChild } from './raw-posts';
import { isEncrypted, underKeyring } from './keyring';
import { localJournalPath } from '../electron/main/journal/open';
import { loadAtStart, median, verdictNote } from './quiet';

underKeyring();

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** `--store postgres`: the office journal (a throwaway cluster) instead of this computer's. */
const STORE = process.argv.includes('--store') ? process.argv[process.argv.indexOf('--store') + 1] : 'sqlite';
if (STORE !== 'sqlite' && STORE !== 'postgres') throw new Error(`--store sqlite|postgres, not ${STORE}`);
const office = STORE === 'postgres' ? await freshOfficeJournal() : undefined;
/** The office journal's URL as a person gives it (no password: that comes from PGPASSWORD), TLS off on loopback. */
const officeEnv = (() => {
  if (!office) return {};
  const url = new URL(office.url);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { FEED_DESK_JOURNAL_URL: `${url.toString()}?sslmode=disable`, PGPASSWORD: password };
})();
const CONCURRENCY = 8;
/** Measurement aids, off by default: BENCH_PROF_DIR=dir writes the command's CPU profiles there, BENCH_TRACE=1 prints its trace. */
const PROF_DIR = process.env.BENCH_PROF_DIR;
const TRACE = process.env.BENCH_TRACE === '1';
const LATENCY_MS = 5;

/** When the sandbox stored its first record at or after `since` (ms since the epoch). */
async function firstStoredAt(url: string, since: number): Promise<number> {
  const records = (await (await fetch(`${url}/_sandbox/records`)).json()) as Array<{ receivedAt: string }>;
  return Math.min(...records.map((r) => Date.parse(r.receivedAt)).filter((at) => at >= since));
}

/** Runs `feed-desk submit --csv` on `rows` fresh rows; returns rows/s (whole command, start to exit) and its peak RSS. */
async function bulk(
  url: string,
  rows: number,
  run: string,
): Promise<{ rate: number; rssMib: number; commits: number; encrypted: boolean; firstS: number }> {
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-bulk-'));
  writeSandboxLink(home, url);
  const file = writeEntriesCsv(home, `${run}.csv`, mixedEntries(rows, Number.MAX_SAFE_INTEGER, run).rows);
  const started = performance.now();
  const startedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', join(PROF_DIR, run)] : []),
      '--import',
      './bench/rss-on-exit.mjs',
      'bin/feed-desk.mjs',
      'submit',
      '--csv',
      file,
      '--concurrency',
      String(CONCURRENCY),
      '--json',
    ],
    {
      env: {
        ...process.env,
        FEED_DESK_HOME: home,
        FEED_DESK_PROFILE: '',
        FEED_DESK_CLIENT_ID: '',
        FEED_DESK_CLIENT_SECRET: '',
        ...officeEnv,
        ...(TRACE ? { FEED_DESK_TRACE: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const seconds = (performance.now() - started) / 1000;
  const summary = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
    counts?: { accepted?: number };
    journal_commits?: number;
  };
  if (code !== 0 || summary.counts?.accepted !== rows) {
    throw new Error(`feed-desk submit --csv ended ${code} with ${JSON.stringify(summary)}\n${err}`);
  }
  if (TRACE) for (const line of err.split('\n')) if (line.startsWith('trace ')) console.log(`${run}: ${line}`);
  const kib = Number(/maxrss-kib (\d+)/.exec(err)?.[1] ?? NaN);
  const encrypted = !office && isEncrypted(localJournalPath(home));
  const firstS = (await firstStoredAt(url, startedAt)) / 1000 - startedAt / 1000;
  rmSync(home, { recursive: true, force: true });
  return {
    rate: rows / seconds,
    rssMib: kib / 1024,
    commits: (summary.journal_commits ?? NaN) / rows,
    encrypted,
    firstS,
  };
}

const PAIRS = 3;
const sandbox = await startSandboxChild(LATENCY_MS);
console.log(
  `bulk import benchmark: ${ROWS} rows, feed-desk submit --csv at concurrency ${CONCURRENCY}, ` +
    `sandbox (own process) latency ${LATENCY_MS} ms, ` +
    (office ? 'office journal (PostgreSQL on this computer)' : 'journal on this computer') +
    `; ${PAIRS} pairs (raw POSTs, then the command), the ratio their median; ${loadAtStart()}`,
);
await raw(sandbox.url, CONCURRENCY, 500);
const small = await bulk(sandbox.url, ROWS / 10, 'small');
// Raw, then the command, PAIRS times: a ratio is taken within a pair, so a slower minute of the
// machine weighs on both sides of it.
const pairs: { raw: number; large: Awaited<ReturnType<typeof bulk>> }[] = [];
for (let pair = 1; pair <= PAIRS; pair += 1) {
  const rawRate = await raw(sandbox.url, CONCURRENCY, ROWS);
  const large = await bulk(sandbox.url, ROWS, `large-${pair}`);
  pairs.push({ raw: rawRate, large });
  console.log(
    `pair ${pair}: raw ${rawRate.toFixed(0)} rows/s, bulk ${large.rate.toFixed(0)} rows/s, ratio ` +
      `${(large.rate / rawRate).toFixed(2)}, commits per entry ${large.commits.toFixed(2)}; ${verdictNote()}`,
  );
}
await sandbox.close();
const ratio = median(pairs.map((p) => p.large.rate / p.raw));
const { raw: rawRate, large } = pairs.find((p) => p.large.rate / p.raw === ratio) ?? pairs[0]!;
console.log(
  `peak RSS of the command: ${small.rssMib.toFixed(0)} MiB at ${ROWS / 10} rows, ${large.rssMib.toFixed(0)} MiB at ${ROWS} rows ` +
    `(target: flat)`,
);
console.log(
  `first request stored ${large.firstS.toFixed(2)} s after the command started at ${ROWS} rows ` +
    `(${small.firstS.toFixed(2)} s at ${ROWS / 10}; sandbox latency included; target: within 0.3 s)`,
);
console.log(
  `target ratio >= ${office ? '0.80' : '0.85'} (whole command, start to exit, against raw POSTs), commits per entry <= 0.5`,
);
console.log(
  `bulk ${office ? 'postgres ' : ''}${large.rate.toFixed(0)} rows/s, raw ${rawRate.toFixed(0)} rows/s, ratio ${ratio.toFixed(2)}, ` +
    `commits per entry ${large.commits.toFixed(2)}, encrypted ${office ? 'n/a (office journal)' : large.encrypted ? 'yes' : 'no'}` +
    ` (${verdictNote()})`,
);
