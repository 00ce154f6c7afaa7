import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CLI_TIMEOUT, runCli, spawnCli } from '@test/support/cli';
import { cliHome } from '@test/support/cli-rig';
import { tempHome } from '@test/support/core';

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
  }
});

/** Starts `feed-desk sandbox … --json` in its own data folder; resolves with what it printed first. */
async function startCliSandbox(home: string, args: string[]): Promise<{ url: string; faults: unknown[] }> {
  const child = spawnCli(['sandbox', ...args, '--json'], { FEED_DESK_HOME: home }, ['ignore', 'pipe', 'inherit']);
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('close', (code) => reject(new Error(`the sandbox ended (${code}) before it listened`)));
  });
  return JSON.parse(first) as { url: string; faults: unknown[] };
}

describe('feed-desk sandbox --fault: rehearse the hard cases', { timeout: CLI_TIMEOUT }, () => {
  it('queues the faults given, so a 502 after storing leaves an unknown outcome to resolve', async () => {
    const own = cliHome({ prefix: 'feed-desk-cli-sandbox-' });
    const started = await startCliSandbox(own.home, [
      '--fault',
      'token:latency=10',
      '--fault',
      'entry:status=502:store',
    ]);
    expect(started.faults).toEqual([
      expect.objectContaining({ target: 'token', fault: { kind: 'latency', ms: 10 } }),
      expect.objectContaining({ target: 'entry', fault: expect.objectContaining({ kind: 'status', status: 502 }) }),
    ]);
    const run = await own.run(['submit', 'examples/entry.json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^feed-desk: Unknown: a supervisor checks \[journal #1\]: .*502/);
    const stored = (await (await fetch(`${started.url}/_sandbox/records`)).json()) as Array<{ recordid: number }>;
    expect(stored).toHaveLength(1);
    const resolved = await own.run(['resolve', '1', '--accepted', String(stored[0]?.recordid)]);
    expect(resolved.code).toBe(0);
  });

  it('refuses a spec it cannot read, in one line, exit 2', async () => {
    const home = tempHome('feed-desk-cli-sandbox-');
    const run = await runCli(['sandbox', '--fault', 'entry:bogus'], { FEED_DESK_HOME: home });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^feed-desk: --fault: Fault "entry:bogus": the fault must be status, drop/);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
