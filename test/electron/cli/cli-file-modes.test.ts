// Other local accounts cannot read a desk's data: the data folder the CLI makes is 0700 and every
// file Feed Desk writes in it 0600 (the journal and its -wal/-shm, locks, profiles, sealed files…).
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSandboxLink } from '@main/core/sandbox-link';
import { CLI_TIMEOUT, runCli } from '@test/support/cli';
import { CLEAN_ENV, useCliRig } from '@test/support/cli-rig';
import { tempHome } from '@test/support/core';

const cli = useCliRig();

/** Every entry under `folder` with its permission bits, as "path mode" in octal. */
function modes(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((path) => `${path} ${(statSync(join(folder, path)).mode & 0o777).toString(8)}`);
}

const skipOnWindows = process.platform === 'win32';

describe.skipIf(skipOnWindows)('the modes of what the CLI writes in the data folder', { timeout: CLI_TIMEOUT }, () => {
  it('a first run makes the data folder 0700 and every file in it 0600', async () => {
    const home = join(tempHome('feed-desk-modes-'), 'data');
    const env = { ...CLEAN_ENV, FEED_DESK_HOME: home };
    const first = await runCli(['journal'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect((statSync(home).mode & 0o777).toString(8)).toBe('700');
    writeSandboxLink(home, cli.sandbox.url);
    const sent = await runCli(['submit', 'examples/entry.json'], env);
    expect(sent.code).toBe(0);
    const found = modes(home);
    expect(found.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining(['journal.sqlite3']));
    const loose = found.filter((line) => {
      const [path = '', mode] = line.split(' ');
      return mode !== (statSync(join(home, path)).isDirectory() ? '700' : '600');
    });
    expect(loose).toEqual([]);
  });

  it('a data folder and journal left readable by an earlier version are made private at the next run', async () => {
    const home = join(tempHome('feed-desk-modes-'), 'data');
    const env = { ...CLEAN_ENV, FEED_DESK_HOME: home };
    mkdirSync(home);
    expect((await runCli(['journal'], env)).code).toBe(0);
    chmodSync(home, 0o755);
    chmodSync(join(home, 'journal.sqlite3'), 0o644);
    expect((await runCli(['journal'], env)).code).toBe(0);
    expect(modes(home)).toContain('journal.sqlite3 600');
    expect((statSync(home).mode & 0o777).toString(8)).toBe('700');
  });
});
