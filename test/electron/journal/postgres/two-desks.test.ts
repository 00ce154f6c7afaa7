import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { SPARES_PER_SLOT } from '@main/sending/outbox';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import { startSandbox, type Sandbox } from '../../../../electron/sandbox/server';
import { describeOfficeOnly, freshOfficeJournal } from '@test/support/stores';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 2 });
});
afterAll(() => sandbox?.close());

/**
 * One desk in its own process; resolves with how it ended. With `kill`, SIGKILL once it queued that
 * many, plus a delay; only that desk has a short lease (1.5 s), so the other takes its rows soon
 * after, while a desk that lives renews the app's own lease and never loses a row however slow the machine.
 */
function desk(url: string, prefix: string, count: number, kill?: { queued: number; afterMs: number }) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'bin/run-ts.mjs',
      'test/support/desk-child.ts',
      url,
      sandbox.url,
      prefix,
      String(count),
      ...(kill ? ['1500'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (c) => (err += String(c)));
  child.stdout?.on('data', (c) => {
    out += String(c);
    if (kill && out.includes(`queued ${kill.queued}\n`) && !child.killed) {
      setTimeout(() => child.kill('SIGKILL'), kill.afterMs);
    }
  });
  return new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      signal ? resolve(signal) : code === 0 ? resolve('done') : reject(new Error(`desk ${prefix}: ${err}`)),
    );
  });
}

/** Every row of the journal (all pages). */
async function everyRow(store: JournalStore) {
  const rows = [];
  for await (const row of store.iterate({ sort: 'id', direction: 'asc' })) rows.push(row);
  return rows;
}

/** What the sandbox stored for references starting with `prefix`. */
function storedWith(prefixes: string[]) {
  return sandbox.records
    .map((r) => ({ recordid: r.recordid, reference: new Map(r.parts).get('reference') ?? '' }))
    .filter((r) => prefixes.some((p) => r.reference.startsWith(`${p}-`)));
}

describeOfficeOnly('two desks on one office journal', () => {
  it('send 1,000 entries between them at concurrency 4 each: every entry stored exactly once, journal and sandbox agree', async () => {
    const office = await freshOfficeJournal();
    const ended = await Promise.all([desk(office.url, 'A', 500), desk(office.url, 'B', 500)]);
    expect(ended).toEqual(['done', 'done']);
    const store = await createPostgresStore({ url: office.url });
    try {
      const rows = await everyRow(store);
      expect(rows).toHaveLength(1000);
      expect(rows.filter((r) => r.state !== 'accepted')).toEqual([]);
      const stored = storedWith(['A', 'B']);
      expect(stored).toHaveLength(1000);
      expect(new Set(stored.map((s) => s.reference)).size).toBe(1000);
      const byReference = new Map(stored.map((s) => [s.reference, s.recordid]));
      for (const row of rows) expect(row.recordid).toBe(byReference.get(row.reference));
      const attempts = rows.reduce((n, r) => n + r.attempts, 0);
      expect(attempts).toBe(1000);
    } finally {
      await store.close();
    }
  }, 180_000);

  it('one desk killed with SIGKILL mid-batch: its leased rows become unknown, the other carries on, nothing stored twice', async () => {
    const office = await freshOfficeJournal();
    const [killed, survived] = await Promise.all([
      desk(office.url, 'K', 400, { queued: 100, afterMs: Math.floor(Math.random() * 300) }),
      desk(office.url, 'S', 400),
    ]);
    expect(killed).toBe('SIGKILL');
    expect(survived).toBe('done');
    const store = await createPostgresStore({ url: office.url });
    try {
      await new Promise((r) => setTimeout(r, 1600)); // the killed desk's 1.5 s leases run out
      await store.expireLeases();
      const rows = await everyRow(store);
      const brief = (list: typeof rows) =>
        list.map(
          (r) => `${r.reference} ${r.state} ${r.attempts} ${r.errorCode ?? ''} ${r.message ?? ''} ${r.nextAttemptAt}`,
        );
      expect(brief(rows.filter((r) => r.state === 'sending'))).toEqual([]);
      const stored = storedWith(['K', 'S']);
      expect(new Set(stored.map((s) => s.reference)).size).toBe(stored.length);
      const byReference = new Map(rows.map((r) => [r.reference, r]));
      for (const record of stored) {
        const row = byReference.get(record.reference);
        expect(row, `stored ${record.reference} has no journal row`).toBeDefined();
        if (row?.state !== 'unknown') expect(row).toMatchObject({ state: 'accepted', recordid: record.recordid });
      }
      for (const row of rows.filter((r) => r.state === 'accepted')) {
        expect(stored.some((s) => s.recordid === row.recordid)).toBe(true);
      }
      // Either desk sends any desk's due rows: what the killed desk held became unknown (its lease
      // expired); everything else was sent by the survivor, and nothing is left waiting.
      const unsettled = rows.filter((r) => r.state !== 'accepted');
      expect(unsettled.every((r) => r.state === 'unknown' && /Interrupted while sending/.test(r.message ?? ''))).toBe(
        true,
      );
      if (unsettled.length > 4 * (1 + SPARES_PER_SLOT))
        console.log(
          'UNSETTLED',
          JSON.stringify(brief(unsettled)),
          JSON.stringify(
            (await Promise.all(unsettled.map((r) => store.history(r.id)))).map((h) =>
              h.map((x) => `${x.fromState}>${x.toState} ${x.actor} ${x.at}`),
            ),
          ),
        );
      // At most three times the killed desk's concurrency: each slot's row in flight and its spares.
      expect(unsettled.length).toBeLessThanOrEqual(4 * (1 + SPARES_PER_SLOT));
      expect(brief(rows.filter((r) => r.state === 'queued' || r.state === 'failed'))).toEqual([]);
      console.log(
        `two desks, one killed: ${rows.length} rows (${rows.filter((r) => r.state === 'unknown').length} unknown), ${stored.length} stored`,
      );
    } finally {
      await store.close();
    }
  }, 180_000);
});
