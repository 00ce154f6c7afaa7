// A partner's file of a million rows through the real command line (`feed-desk submit --csv`, its
// own process, the desk's encrypted journal, concurrency 8) against the sandbox (5 ms latency):
// how long after the command starts the first entry is stored (every row is checked first), the
// command's peak memory (VmHWM) through the check, the queueing of every row and the first seconds
// of sending, and, the command stopped then and run again on the same file, how soon the re-run
// sends (its rows are already queued: it resumes the batch). Last line:
// `import at N rows: first request F s, peak memory M MiB, re-run first request S s (load average …)`.
// A run is watched at most BENCH_WATCH_S (60) seconds past its first request: queueing a million rows
// goes on beside the sending, and the figures are the start's.
// Targets: F <= 30 s, M < 400 MB, the re-run at once.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSandboxLink } from '../electron/main/core/sandbox-link';
import { startSandbox } from '../electron/sandbox/server';
import { mixedEntries, writeEntriesCsv } from '../test/support/import-files';
import { underKeyring } from './keyring';
import { loadAtStart, verdictNote } from './quiet';
import { CLEAN } from './office-cli';

underKeyring();
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Seconds of sending watched after every row is queued, before the command is stopped. */
const SENDING_S = 5;
/** The most seconds a run is watched after its first request (queueing continues beside sending). */
const WATCH_S = Number(process.env.BENCH_WATCH_S ?? 60);

const sandbox = await startSandbox({ latencyMs: 5 });
const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-million-'));
writeSandboxLink(home, sandbox.url);
const file = writeEntriesCsv(home, 'million.csv', mixedEntries(ROWS, Number.MAX_SAFE_INTEGER, 'M').rows);
console.log(
  `import benchmark: ${ROWS.toLocaleString('en-GB')} rows, feed-desk submit --csv at concurrency 8, the desk's ` +
    `encrypted journal, sandbox latency 5 ms; ${loadAtStart()}`,
);

const peakKib = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** Runs the command until every row is queued and SENDING_S more seconds, then stops it (SIGINT, as Ctrl+C). */
async function run(label: string): Promise<{ firstS: number; peakMib: number; queuedS: number }> {
  const before = sandbox.records.length;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['bin/feed-desk.mjs', 'submit', '--csv', file, '--concurrency', '8', '--json', '--wait', '600'],
    {
      env: { ...process.env, ...CLEAN, FEED_DESK_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  let firstS = NaN;
  let queuedS = NaN;
  let peak = 0;
  const exited = new Promise<number | null>((r) => child.on('exit', r));
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (Number.isNaN(queuedS) && out.includes('"event":"queued"')) queuedS = (performance.now() - started) / 1000;
  });
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended) {
    await new Promise((r) => setTimeout(r, 50));
    const now = (performance.now() - started) / 1000;
    if (Number.isNaN(firstS) && sandbox.records.length > before) {
      firstS = now;
      console.log(`  ${label}: first request ${firstS.toFixed(1)} s after the start`);
    }
    try {
      peak = Math.max(peak, peakKib(child.pid!));
    } catch {
      break; // ended
    }
    if ((!Number.isNaN(queuedS) && now > queuedS + SENDING_S) || now > firstS + WATCH_S) {
      child.kill('SIGINT');
      break;
    }
  }
  await exited;
  if (Number.isNaN(firstS)) throw new Error(`${label}: nothing was sent\n${err.slice(-2000)}`);
  const sent = sandbox.records.length - before;
  console.log(
    `  ${label}: first request ${firstS.toFixed(1)} s, ` +
      (Number.isNaN(queuedS)
        ? `not every row queued when stopped at ${WATCH_S} s past it`
        : `every row queued ${queuedS.toFixed(1)} s`) +
      `, ${sent.toLocaleString('en-GB')} stored by then, peak memory ${(peak / 1024).toFixed(0)} MiB; ${verdictNote()}`,
  );
  return { firstS, peakMib: peak / 1024, queuedS };
}

try {
  const first = await run('first run');
  const again = await run('re-run of the same file');
  console.log('targets: first request <= 30 s, peak memory < 400 MB, a re-run sends at once');
  console.log(
    `import at ${ROWS.toLocaleString('en-GB')} rows: first request ${first.firstS.toFixed(1)} s, peak memory ` +
      `${first.peakMib.toFixed(0)} MiB, re-run first request ${again.firstS.toFixed(1)} s (${verdictNote()})`,
  );
} finally {
  await sandbox.close();
  rmSync(home, { recursive: true, force: true });
}
