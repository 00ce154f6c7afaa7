import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** POSIX permission bits apply here (Windows keeps the per-user folder's own access rules). */
const posix = process.platform !== 'win32';

/**
 * Every file and folder this process creates is its user's alone (0600 files, 0700 folders): the
 * journal and SQLite's -wal/-shm beside it, locks, sealed files, exports. Called first by the app
 * and the command line.
 */
export function keepFilesPrivate(): void {
  if (posix) process.umask(0o077);
}

/** chmod, where a file this user does not own (an administrator's) is left as it is. */
function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EPERM') throw err;
  }
}

/**
 * Makes the data folder if needed and keeps it private: the folder 0700 and the files directly in
 * it 0600, whatever an earlier version or another tool left (other local accounts could read a
 * plain journal). Folders inside are out of other accounts' reach once this one is 0700.
 */
export function privateDataFolder(home: string): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  if (!posix) return;
  tighten(home, 0o700);
  for (const name of readdirSync(home)) {
    const path = join(home, name);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isFile() && (stat.mode & 0o077) !== 0) tighten(path, 0o600);
  }
}
