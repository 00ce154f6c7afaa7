import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { openDeskDatabase } from '@test/support/desk-journal';

// Each test has a fresh data folder pointed at the file's sandbox (cli.freshHome()).
const cli = useCliRig({ prefix: 'feed-desk-cli-bulk-' });

const journalRows = async (home: string) => {
  const db = await openDeskDatabase(home);
  try {
    return db.prepare('SELECT reference, state, batch_row FROM submissions ORDER BY id').all() as Array<{
      reference: string;
      state: string;
      batch_row: number;
    }>;
  } finally {
    db.close();
  }
};

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// The built CLI end to end; the command's checking, queueing and reporting are tested in process in bulk.test.ts.
describe('feed-desk submit --csv', { timeout: CLI_TIMEOUT }, () => {
  it('killed with SIGKILL mid-batch, the same command again completes the batch; nothing is stored twice', async () => {
    const folder = cli.freshHome();
    const { rows } = mixedEntries(150, 1_000_000, 'KILL');
    const file = writeEntriesCsv(folder.home, 'kill.csv', rows);
    cli.sandbox.faults.clear();
    cli.sandbox.faults.add({ target: 'entry', times: 1000, fault: { kind: 'latency', ms: 40 } });
    const before = cli.sandbox.records.length;
    // The killed run is the command's submitCsv with a 2 s lease (the CLI's is a minute); the rerun is the built CLI.
    const child = spawn(
      process.execPath,
      ['bin/run-ts.mjs', 'test/support/bulk-child.ts', folder.home, cli.sandbox.url, file, '2000'],
      { env: { ...process.env, ...folder.env() }, stdio: 'ignore' },
    );
    const exited = new Promise((r) => child.on('exit', r));
    while (cli.sandbox.records.length - before < 30) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const storedAtKill = cli.sandbox.records.length - before;
    expect(storedAtKill).toBeLessThan(150);
    cli.sandbox.faults.clear();

    // Rows in flight at the kill keep their sender's lease (2 s here) and then become unknown: never resent.
    const rerun = await folder.run(['submit', '--csv', file, '--json', '--wait', '120']);
    const lines = jsonLines(rerun.stdout);
    expect(lines[0]).toMatchObject({ event: 'checked', rows: 150, valid: 150, already: expect.any(Number) });
    expect(lines[1]).toMatchObject({ event: 'queued', already: expect.any(Number) });
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ event: 'summary', remaining: 0 });
    const journal = await journalRows(folder.home);
    expect(journal).toHaveLength(150);
    expect(journal.every((r) => r.state === 'accepted' || r.state === 'unknown')).toBe(true);
    const stored = cli.sandbox.records.slice(before).map(storedReference);
    expect(new Set(stored).size).toBe(stored.length);
    const accepted = journal.filter((r) => r.state === 'accepted').map((r) => r.reference);
    expect(stored).toEqual(expect.arrayContaining(accepted));
    expect(rerun.code).toBe(journal.every((r) => r.state === 'accepted') ? 0 : 1);
  }, 180_000);

  it('a device or a pipe that never ends is refused in words, at once', async () => {
    const run = await cli.run(['submit', '--csv', '/dev/zero']);
    expect(run.stderr).toMatch(/not a file of rows \(a device, a pipe or a folder\)/);
    expect(run.code).not.toBe(0);
  });
});
