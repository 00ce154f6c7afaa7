#!/usr/bin/env node
/**
 * bench:cli — how long the command line takes to start: `feed-desk --help` and `feed-desk profiles
 * list` (bin/feed-desk.mjs, the built CLI), each the median of 10 runs, beside `node -e 0` measured
 * in the same run (interleaved), with the ratio to it. Target: at most 0.35 s each.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = 10;
const TARGET_S = 0.35;
const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-cli-'));
const env = { ...process.env, FEED_DESK_HOME: home, FEED_DESK_PROFILE: '' };
const bin = join(ROOT, 'bin/feed-desk.mjs');

const cases = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'feed-desk --help', args: [bin, '--help'] },
  { name: 'feed-desk profiles list', args: [bin, 'profiles', 'list'] },
];

/** Wall time of one run, in seconds; throws when the command fails. */
function time(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return seconds;
}

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  for (const c of cases) time(c.args); // warm the file cache (and build out/cli once if stale)
  const samples = cases.map(() => []);
  for (let i = 0; i < RUNS; i += 1) cases.forEach((c, k) => samples[k].push(time(c.args)));
  const baseline = median(samples[0]);
  let over = false;
  for (const [k, c] of cases.entries()) {
    const m = median(samples[k]);
    const verdict = k === 0 ? 'baseline' : m <= TARGET_S ? `≤ ${TARGET_S} s` : `OVER ${TARGET_S} s`;
    if (k > 0 && m > TARGET_S) over = true;
    console.log(
      `${c.name.padEnd(24)} median of ${RUNS}: ${m.toFixed(3)} s  ×${(m / baseline).toFixed(2)} node -e 0  (${verdict})`,
    );
  }
  process.exitCode = over ? 1 : 0;
} finally {
  rmSync(home, { recursive: true, force: true });
}
