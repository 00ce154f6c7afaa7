import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { openDeskDatabase, openDeskStore } from '@test/support/desk-journal';
import { startSandbox, type Sandbox } from '../../../../electron/sandbox/server';
import { tempHome } from '@test/support/core';

const RUNS = 10;
const ENTRIES = 300;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 2 });
});
afterAll(() => sandbox.close());

/** Starts the child, waits for it to be ready, kills it with SIGKILL after `afterMs`. */
function runAndKill(home: string, run: number, afterMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['bin/run-ts.mjs', 'test/support/crash-child.ts', home, sandbox.url, String(ENTRIES), String(run)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += String(c)));
    child.stdout.on('data', (c) => {
      out += String(c);
      if (out.startsWith('ready') && !child.killed) setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => (err && !signal ? reject(new Error(err)) : resolve(signal ?? 'exited')));
  });
}

describe('crash safety', () => {
  it(`survives SIGKILL at random moments (${RUNS} runs of ${ENTRIES} entries)`, async () => {
    const summary: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const home = tempHome('feed-desk-crash-');
      const killAfter = Math.floor(Math.random() * 900);
      const ended = await runAndKill(home, run, killAfter);

      const db = await openDeskDatabase(home);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const store = await openDeskStore(home, 'test');
      await new Promise((r) => setTimeout(r, 350)); // the child's 300 ms leases run out
      const recovered = await store.expireLeases();
      await store.close();
      const rows = db.prepare('SELECT id, reference, state, recordid FROM submissions').all() as Array<{
        reference: string;
        state: string;
        recordid: number | null;
      }>;
      expect(rows.filter((r) => r.state === 'sending')).toEqual([]);
      const byRef = new Map(rows.map((r) => [r.reference, r]));
      expect(byRef.size).toBe(rows.length);

      const stored = sandbox.records.filter((r) => new Map(r.parts).get('reference')?.startsWith(`CRASH-${run}-`));
      const storedRefs = stored.map((r) => new Map(r.parts).get('reference') ?? '');
      expect(new Set(storedRefs).size).toBe(storedRefs.length);
      for (const record of stored) {
        const row = byRef.get(new Map(record.parts).get('reference') ?? '');
        expect(row, `stored record ${record.recordid} has no journal row`).toBeDefined();
        if (row?.state !== 'unknown') expect(row).toMatchObject({ state: 'accepted', recordid: record.recordid });
      }
      for (const row of rows.filter((r) => r.state === 'accepted')) {
        expect(stored.some((s) => s.recordid === row.recordid)).toBe(true);
      }
      summary.push(
        `run ${run}: killed after ${killAfter} ms (${ended}), ${rows.length} rows, ${stored.length} stored, ${recovered} recovered`,
      );
      db.close();
    }
    console.log(summary.join('\n'));
  }, 120_000);
});
