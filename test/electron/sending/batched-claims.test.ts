import { SPARES_PER_SLOT } from '@main/sending/outbox';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { openCore, type Core } from '@main/core/core';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { tempHome } from '@test/support/core';
import { freshOfficeJournal } from '@test/support/office-journal';
import { sampleInput } from '@test/support/service';
import { describeOfficeOnly } from '@test/support/stores';
import { openDeskDatabase } from '@test/support/desk-journal';

let sandbox: Sandbox | undefined;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await sandbox?.close();
  sandbox = undefined;
});

/** Queues `count` entries PREFIX-0 … through a core on `home` (or the given journal), then closes it. */
async function queueEntries(home: string, prefix: string, count: number, journal?: () => Promise<Core['journal']>) {
  const core = await openCore({ home, sandboxUrl: () => undefined, ...(journal ? { journal } : {}) });
  for (let i = 0; i < count; i += 1) {
    const queued = await core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: `${prefix}-${i}` }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
  }
  await core.close();
}

/** Runs test/support/send-child.ts on `home`; resolves with its output once it ends (or is killed). */
function sendChild(home: string, url: string, args: string[] = [], onLine?: (line: string) => void) {
  const child = spawn(process.execPath, ['bin/run-ts.mjs', 'test/support/send-child.ts', home, url, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c) => (err += String(c)));
  child.stdout.on('data', (c) => {
    const text = String(c);
    out += text;
    for (const line of text.split('\n').filter(Boolean)) onLine?.(line);
  });
  const ended = new Promise<string>((resolve, reject) =>
    child.on('close', (code, signal) =>
      code === 0 || signal === 'SIGKILL' ? resolve(out) : reject(new Error(`send child ended ${code}: ${err}`)),
    ),
  );
  return { child, ended };
}

/** The references the sandbox stored, with how many times each. */
function storedTwice(s: Sandbox): string[] {
  const seen = new Map<string, number>();
  for (const r of s.records) {
    const ref = new Map(r.parts).get('reference') ?? '';
    seen.set(ref, (seen.get(ref) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([ref]) => ref);
}

describe('batched claims and group commit (journal on this computer)', () => {
  it('claims the free sending slots in one go, each row committed as sending before its request leaves', async () => {
    sandbox = await startSandbox({ latencyMs: 20 });
    const home = tempHome();
    await queueEntries(home, 'FIRST', 12);
    const file = await openDeskDatabase(home);
    const seen: Array<{ reference: string; state: string; sending: number }> = [];
    // The service records each request as it arrives: the journal must already say `sending` for it.
    const records = sandbox.records as Array<(typeof sandbox.records)[number]>;
    const push = records.push.bind(records);
    records.push = (...items) => {
      for (const item of items) {
        const reference = new Map(item.parts).get('reference') ?? '';
        const row = file.prepare('SELECT state FROM submissions WHERE reference = ?').get(reference) as {
          state: string;
        };
        const { n } = file.prepare(`SELECT count(*) AS n FROM submissions WHERE state = 'sending'`).get() as {
          n: number;
        };
        seen.push({ reference, state: row.state, sending: n });
      }
      return push(...items);
    };
    const url = sandbox.url;
    const core = await openCore({ home, sandboxUrl: () => url, concurrency: 4 });
    cores.push(core);
    const commitsBefore = core.journal.commits?.() ?? 0;
    await core.outbox.drain();
    file.close();
    expect(seen).toHaveLength(12);
    expect(seen.every((s) => s.state === 'sending')).toBe(true);
    // The first look claimed the four free slots' rows and their spares in one commit before the
    // first request left (all 12); no more than three times the concurrency was ever sending.
    expect(seen[0]!.sending).toBe(4 * (1 + SPARES_PER_SLOT));
    expect(Math.max(...seen.map((s) => s.sending))).toBeLessThanOrEqual(4 * (1 + SPARES_PER_SLOT));
    const { rows } = await core.journal.list({ states: ['accepted'], limit: 100 });
    expect(rows).toHaveLength(12);
    // 12 claims and 12 outcomes took fewer commits than one each.
    expect((core.journal.commits?.() ?? 0) - commitsBefore).toBeLessThan(24);
  }, 30_000);

  it('a kill between the answer and its commit leaves the row sending under its lease, then unknown; never resent', async () => {
    sandbox = await startSandbox();
    const home = tempHome();
    await queueEntries(home, 'WINDOW', 2);
    // One of the two sends never answers (nothing stored), so the other's answer waits in a 60 s window.
    sandbox.faults.add({ target: 'entry', fault: { kind: 'hang', store: false } });
    let answered = '';
    const { child, ended } = sendChild(home, sandbox.url, ['2', '1000', '60000'], (line) => {
      if (line.startsWith('answered ')) {
        answered = line.slice('answered '.length);
        child.kill('SIGKILL');
      }
    });
    await ended;
    expect(answered).toMatch(/^WINDOW-[01]$/);
    expect(sandbox.records).toHaveLength(1);
    const recordid = sandbox.records[0]!.recordid;

    const file = await openDeskDatabase(home);
    const row = () =>
      file.prepare('SELECT state, recordid, lease_expires_at FROM submissions WHERE reference = ?').get(answered) as {
        state: string;
        recordid: number | null;
        lease_expires_at: string | null;
      };
    expect(row()).toMatchObject({ state: 'sending', recordid: null });
    expect(row().lease_expires_at).not.toBeNull();

    // Once the lease runs out the next sender finds it unknown, and sends it never again.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(row().lease_expires_at!) - Date.now()) + 50));
    sandbox.faults.clear();
    const url = sandbox.url;
    const core = await openCore({ home, sandboxUrl: () => url, concurrency: 2 });
    cores.push(core);
    await core.outbox.drain();
    expect(row()).toMatchObject({ state: 'unknown', recordid: null });
    expect(sandbox.records.map((r) => r.recordid)).toEqual([recordid]);
    file.close();
  }, 30_000);

  it('two processes batch-claiming from one file never send the same row (1,000 rows, each stored once)', async () => {
    sandbox = await startSandbox({ latencyMs: 2 });
    const home = tempHome();
    await queueEntries(home, 'TWO', 1000);
    const [a, b] = [sendChild(home, sandbox.url), sendChild(home, sandbox.url)];
    const outputs = await Promise.all([a.ended, b.ended]);
    // Both processes did send (neither sat idle while the other took everything).
    for (const out of outputs) expect(out.match(/^answered /gm)?.length ?? 0).toBeGreaterThan(0);
    expect(sandbox.records).toHaveLength(1000);
    expect(storedTwice(sandbox)).toEqual([]);
    const file = await openDeskDatabase(home);
    const rows = file.prepare('SELECT reference, state, recordid FROM submissions').all() as Array<{
      reference: string;
      state: string;
      recordid: number;
    }>;
    file.close();
    const stored = new Map(sandbox.records.map((r) => [new Map(r.parts).get('reference'), r.recordid]));
    expect(rows.filter((r) => r.state !== 'accepted')).toEqual([]);
    for (const r of rows) expect(r.recordid).toBe(stored.get(r.reference));
  }, 120_000);
});

describeOfficeOnly('batched claims and group commit (office journal)', () => {
  it('two desks batch-claiming from one journal never send the same row (1,000 rows, each stored once)', async () => {
    sandbox = await startSandbox({ latencyMs: 2 });
    const office = await freshOfficeJournal();
    const home = tempHome();
    await queueEntries(home, 'DESKS', 1000, office.open);
    const url = sandbox.url;
    const desks = await Promise.all(
      [tempHome(), tempHome()].map((desk) =>
        openCore({ home: desk, sandboxUrl: () => url, concurrency: 8, journal: office.open }),
      ),
    );
    cores.push(...desks);
    const before = desks.map((d) => d.journal.commits?.() ?? 0);
    await Promise.all(desks.map((d) => d.outbox.drain()));
    expect(sandbox.records).toHaveLength(1000);
    expect(storedTwice(sandbox)).toEqual([]);
    const { rows, total } = await desks[0]!.journal.list({ states: ['accepted'], limit: 1000 });
    expect(total).toBe(1000);
    const stored = new Map(sandbox.records.map((r) => [new Map(r.parts).get('reference'), r.recordid]));
    for (const r of rows) expect(r.recordid).toBe(stored.get(r.reference));
    // Both desks sent, and their outcomes were recorded in fewer commits than one per row.
    const commits = desks.map((d, i) => (d.journal.commits?.() ?? 0) - before[i]!);
    expect(commits.every((n) => n > 0)).toBe(true);
    expect(commits[0]! + commits[1]!).toBeLessThan(2000);
  }, 120_000);
});
