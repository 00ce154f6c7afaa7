import { SPARES_PER_SLOT } from '@main/sending/outbox';
import { afterEach, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { openCore, type Core } from '@main/core/core';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { outboxHandlers } from '@main/ipc/handlers/outbox';
import { importHandlers } from '@main/ipc/handlers/imports';
import { payloadHash } from '@main/journal/payload-hash';
import type { JournalStore } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { sampleEntry, sampleInput } from '@test/support/service';
import { describeEachStore, freshOfficeJournal, type StoreKind } from '@test/support/stores';
import { Refused } from '@main/ipc/ipc-failure';

const CONCURRENCY = 3;
/** What a desk holds sending at most: each slot's row in flight and its spares. */
const HELD = CONCURRENCY * (1 + SPARES_PER_SLOT);
let sandbox: Sandbox | undefined;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await sandbox?.close();
  sandbox = undefined;
});

/** A data folder and, for the office store, a fresh office journal; `open` opens a core on them. */
async function desk(store: StoreKind) {
  const office = store === 'postgres' ? await freshOfficeJournal() : undefined;
  const home = tempHome();
  const open = async (concurrency = CONCURRENCY) => {
    const url = sandbox!.url;
    const core = await openCore({
      home,
      sandboxUrl: () => url,
      concurrency,
      ...(office ? { journal: office.open } : {}),
    });
    cores.push(core);
    return core;
  };
  return { home, office, open };
}

async function queueEntries(core: Core, prefix: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const queued = await core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: `${prefix}-${i}` }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
  }
}

/** Notes when each request of `core` leaves for the service (reference → performance.now()). */
function departures(core: Core): Map<string, number> {
  const left = new Map<string, number>();
  const connection = core.connections.get(core.profiles.get('Sandbox')!);
  const createEntry = connection.feed.createEntry.bind(connection.feed);
  connection.feed.createEntry = (parts) => {
    left.set(parts.find(([name]) => name === 'reference')?.[1] ?? '', performance.now());
    return createEntry(parts);
  };
  return left;
}

const sendingCount = async (journal: JournalStore) => (await journal.list({ states: ['sending'], limit: 1 })).total;

/** Waits (bounded) until the journal holds `n` rows in sending: every slot's row in flight and its spare. */
async function untilSending(journal: JournalStore, n: number): Promise<void> {
  for (let i = 0; i < 500 && (await sendingCount(journal)) < n; i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(await sendingCount(journal)).toBe(n);
}

function storedTwice(s: Sandbox): string[] {
  const seen = new Map<string, number>();
  for (const r of s.records) {
    const ref = new Map(r.parts).get('reference') ?? '';
    seen.set(ref, (seen.get(ref) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([ref]) => ref);
}

const storedRefs = (s: Sandbox) => new Set(s.records.map((r) => new Map(r.parts).get('reference') ?? ''));

describeEachStore('spare rows claimed ahead by sending slots', (store) => {
  it('unclaim gives back only the named rows still sending under that lease, with their history', async () => {
    sandbox = await startSandbox();
    const { open } = await desk(store);
    const core = await open();
    await queueEntries(core, 'UNCLAIM', 4);
    const mine = { owner: 'desk-a', ms: 60_000 };
    const [a, b, c] = await core.journal.claimDue(mine, { entries: ['Sandbox'], cancellations: [] }, 3);
    const [d] = await core.journal.claimDue(
      { owner: 'desk-b', ms: 60_000 },
      { entries: ['Sandbox'], cancellations: [] },
      1,
    );
    await core.journal.recordOutcome(c!, 'desk-a', {
      state: 'accepted',
      recordid: 7,
      message: 'ok',
      httpStatus: 201,
    });

    // a: mine and sending; c: already answered; d: another sender's.
    expect(await core.journal.unclaim([a!.id, c!.id, d!.id], mine)).toBe(1);
    expect(await core.journal.get(a!.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await core.journal.get(b!.id))!.state).toBe('sending');
    expect((await core.journal.get(c!.id))!.state).toBe('accepted');
    expect((await core.journal.get(d!.id))!.state).toBe('sending');
    const history = await core.journal.history(a!.id);
    expect(history.map((h) => h.toState)).toEqual(['queued', 'sending', 'queued']);
    expect(history.at(-1)!.note).toBe('claimed ahead, never sent: queued again');
    expect(await core.journal.unclaim([], mine)).toBe(0);
  });

  it('a profile paused while slots hold spares: the spares go back to the queue, none is sent after the pause', async () => {
    sandbox = await startSandbox({ latencyMs: 60 });
    const { open } = await desk(store);
    const core = await open();
    await queueEntries(core, 'PAUSE', 30);
    const left = departures(core);
    core.outbox.start();
    await untilSending(core.journal, HELD);

    await outboxHandlers(core)['outbox:pause']({ profile: 'Sandbox', paused: true });
    const pausedAt = performance.now();
    expect(await core.pipeline.idle(10_000)).toBe(true);
    expect([...left].filter(([, at]) => at > pausedAt)).toEqual([]);
    expect(await sendingCount(core.journal)).toBe(0);

    const { rows } = await core.journal.list({ limit: 100 });
    const given = [];
    for (const row of rows) {
      const notes = (await core.journal.history(row.id)).map((h) => h.note);
      if (notes.includes('claimed ahead, never sent: queued again')) given.push(row);
    }
    // Every slot's spare went back unsent; the service saw exactly the rows that were sent, once each.
    expect(given.length).toBeGreaterThanOrEqual(1);
    expect(given.every((r) => r.state === 'queued')).toBe(true);
    const stored = storedRefs(sandbox);
    expect(given.filter((r) => stored.has(r.reference))).toEqual([]);
    expect(
      rows
        .filter((r) => r.state === 'accepted')
        .map((r) => r.reference)
        .sort(),
    ).toEqual([...stored].sort());
    expect(stored.size).toBe(left.size);

    // Resumed, every row is sent once.
    await outboxHandlers(core)['outbox:pause']({ profile: 'Sandbox', paused: false });
    await core.outbox.drain();
    expect(sandbox.records).toHaveLength(30);
    expect(storedTwice(sandbox)).toEqual([]);
  }, 60_000);

  it('a batch cancelled while slots hold spares: none is sent after, and the spares are discarded with the rest', async () => {
    sandbox = await startSandbox({ latencyMs: 60 });
    const { open } = await desk(store);
    const core = await open();
    const batch = await core.journal.batches.open({
      profile: 'Sandbox',
      fileName: 'b.csv',
      contentHash: 'h',
      fileRows: 30,
    });
    const items = Array.from({ length: 30 }, (_, i) => {
      const payload = sampleEntry({ reference: `CANCEL-${i}` }) as unknown as Record<string, string>;
      return {
        row: i + 2,
        allowDuplicate: false,
        submission: {
          kind: 'entry' as const,
          profile: 'Sandbox',
          operator: 'test',
          payload,
          payloadHash: payloadHash('entry', payload),
          originalRecordid: null,
        },
      };
    });
    await core.journal.batches.queue(batch.id, items);
    const left = departures(core);
    core.outbox.start();
    await untilSending(core.journal, HELD);

    const cancelled = await importHandlers(core, {} as never)['imports:cancel']({ batch: batch.id, discard: true });
    const cancelledAt = performance.now();
    expect(await core.pipeline.idle(10_000)).toBe(true);
    expect([...left].filter(([, at]) => at > cancelledAt)).toEqual([]);
    const counts = await core.journal.batches.counts(batch.id);
    expect(counts.sending ?? 0).toBe(0);
    expect(counts.queued ?? 0).toBe(0);
    expect(counts.accepted).toBe(sandbox.records.length);
    if (cancelled instanceof Refused) throw new Error(cancelled.error.message);
    expect(cancelled.discarded).toBe(30 - sandbox.records.length - (counts.failed ?? 0) - (counts.unknown ?? 0));
    expect(storedTwice(sandbox)).toEqual([]);
  }, 60_000);

  it('a SIGKILL while slots hold spares: no row sent twice, none lost, at most three times the concurrency unknown', async () => {
    sandbox = await startSandbox({ latencyMs: 10 });
    const { home, office, open } = await desk(store);
    const queueing = await open();
    await queueEntries(queueing, 'KILL', 200);
    const child = spawn(
      process.execPath,
      ['bin/run-ts.mjs', 'test/support/send-child.ts', home, sandbox.url, String(CONCURRENCY), '1000'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FEED_DESK_TEST_JOURNAL_URL: office?.url ?? '' } },
    );
    let answers = 0;
    let err = '';
    child.stderr.on('data', (c) => (err += String(c)));
    child.stdout.on('data', (c: Buffer) => {
      answers += String(c).match(/^answered /gm)?.length ?? 0;
      if (answers >= 20) child.kill('SIGKILL');
    });
    const signal = await new Promise((resolve) => child.on('close', (_code, s) => resolve(s)));
    expect(signal, err).toBe('SIGKILL');

    // Each slot held its row in flight (or answered, not yet recorded) and its two spares, all sending.
    const left = await sendingCount(queueing.journal);
    expect(left).toBe(HELD);
    let unknown = 0;
    for (let i = 0; i < 100 && (await sendingCount(queueing.journal)) > 0; i += 1) {
      unknown += await queueing.journal.expireLeases();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(unknown).toBe(left);
    await queueing.outbox.drain();

    const { rows, total } = await queueing.journal.list({ limit: 500 });
    expect(total).toBe(200);
    expect(rows.filter((r) => r.state !== 'accepted' && r.state !== 'unknown')).toEqual([]);
    expect(rows.filter((r) => r.state === 'unknown').length).toBeLessThanOrEqual(HELD);
    expect(storedTwice(sandbox)).toEqual([]);
    const stored = new Map(sandbox.records.map((r) => [new Map(r.parts).get('reference'), r.recordid]));
    for (const r of rows.filter((row) => row.state === 'accepted')) expect(r.recordid).toBe(stored.get(r.reference));
  }, 60_000);
});
