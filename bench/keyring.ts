// Runs a benchmark as desks run: inside a session bus with an unlocked keyring (a throwaway one in
// a throwaway HOME, as the test suites use), so the journal is encrypted under a key the keychain holds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSIDE = 'FEED_DESK_BENCH_KEYRING';

/**
 * Re-runs this benchmark under `dbus-run-session` with gnome-keyring unlocked and exits with its
 * status; returns at once when already inside. Fails when either program is missing: a benchmark
 * of the plain journal would be reported as the encrypted one.
 */
export function underKeyring(): void {
  if (process.env[INSIDE] === '1') return;
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-home-'));
  const unlock = 'printf x | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
  const self = [process.execPath, ...process.execArgv, 'bin/run-ts.mjs', ...process.argv.slice(1)];
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', unlock, 'sh', ...self], {
    stdio: 'inherit',
    env: { ...process.env, HOME: home, [INSIDE]: '1' },
  });
  rmSync(home, { recursive: true, force: true });
  if (run.error) throw new Error(`the benchmark needs dbus-run-session and gnome-keyring: ${run.error.message}`);
  process.exit(run.status ?? 1);
}

/** True when a journal file is encrypted (a plain SQLite file starts with its format header). */
export function isEncrypted(path: string): boolean {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') !== 'SQLite format 3\0';
}
