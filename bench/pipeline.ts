// Pipeline benchmark: full pipeline (validate, journal, send, record) against raw multipart
// POSTs with the same client library and a reused token, same run, same sandbox on loopback.
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore } from '../electron/main/core/core';
import { sampleInput } from '../test/support/service';
import { raw, startSandboxChild } from './raw-posts';
import { startPostgres } from '../test/support/postgres';
import { newOfficeDatabase } from '../test/support/office-journal';
import { createPostgresStore } from '../electron/main/journal/postgres/store/store';
import { createCredentialStore, KeychainUnavailableError } from '../electron/main/credentials/keychain';
import { underKeyring } from './keyring';
import { loadAtStart, median, verdictNote } from './quiet';

// Under a session bus with a keyring: the encrypted journal's key is kept as on a desk.
underKeyring();

const noKeychain = () => {
  throw new KeychainUnavailableError('the benchmark measures a plain journal');
};

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 2000);
/**
 * `--store sqlite` (this computer's journal, encrypted as desks run it), `sqlite-plain` (the same
 * without a keychain), `postgres`, or all three (the default): each measured against raw POSTs in this run.
 */
type Store = 'sqlite' | 'sqlite-plain' | 'postgres';
const storeArg = process.argv.indexOf('--store');
const STORES = (storeArg === -1 ? 'sqlite,sqlite-plain,postgres' : (process.argv[storeArg + 1] ?? '')).split(
  ',',
) as Store[];
const office = STORES.includes('postgres') ? await startPostgres() : undefined;

/** A journal for one run: a fresh file on this computer, or a fresh office database (initialised, owner signed in). */
async function journalFor(store: Store) {
  if (store !== 'postgres' || !office) return undefined;
  const url = office.url(undefined, undefined, await newOfficeDatabase(office, 'bench'));
  return () => createPostgresStore({ url });
}
const LATENCY_MS = 5;
let peakRss = 0;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
/** Memory after a full collection (run with --expose-gc), so growth is not GC laziness. */
function afterGc(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function full(
  url: string,
  concurrency: number,
  run: string,
  store: Store,
  entries = ENTRIES,
): Promise<{ rate: number; commits: number; encrypted: boolean }> {
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-bench-'));
  const journal = await journalFor(store);
  // The encrypted journal's key from the keyring; the plain one finds no keychain.
  const credentials =
    store === 'sqlite-plain' ? createCredentialStore(noKeychain, home) : createCredentialStore(undefined, home);
  const core = await openCore({
    home,
    sandboxUrl: () => url,
    concurrency,
    credentials,
    ...(journal ? { journal } : {}),
  });
  if (core.journal.location.kind === 'local' && core.journal.location.encrypted !== (store === 'sqlite'))
    throw new Error(`the ${store} run did not get the journal it measures`);
  const encrypted = core.journal.location.kind === 'local' && core.journal.location.encrypted;
  const requests = Array.from({ length: entries }, (_, i) => ({
    kind: 'entry' as const,
    input: sampleInput({ reference: `FULL-${run}-${i}` }),
    profile: 'Sandbox',
  }));
  // Queueing (a commit per entry, as on screen) is outside the timing: this measures sending.
  const queued = [];
  for (const r of requests) queued.push(await core.pipeline.submit(r));
  if (!queued.every((r) => r.ok)) throw new Error('some entries were not queued');
  const commitsBefore = core.journal.commits?.() ?? NaN;
  const started = performance.now();
  await core.outbox.drain();
  const seconds = (performance.now() - started) / 1000;
  const commits = ((core.journal.commits?.() ?? NaN) - commitsBefore) / entries;
  const { total } = await core.journal.list({ states: ['accepted'], limit: 1 });
  if (total !== entries) throw new Error(`only ${total} of ${entries} accepted`);
  await core.close();
  rmSync(home, { recursive: true, force: true });
  return { rate: entries / seconds, commits, encrypted };
}

const sandbox = await startSandboxChild(LATENCY_MS);
const PAIRS = 3;
console.log(
  `pipeline benchmark: ${ENTRIES} entries, sandbox (own process) latency ${LATENCY_MS} ms, loopback; ` +
    `journal: ${STORES.join(' and ')}; each ratio the median of ${PAIRS} pairs (raw, then the pipeline); ${loadAtStart()}`,
);
await raw(sandbox.url, 4, 200);
await full(sandbox.url, 4, 'warm-up', STORES[0] ?? 'sqlite', Math.floor(ENTRIES / 4));
const smallRunPeak = peakRss;
const small = afterGc();
console.log(
  `after the ${Math.floor(ENTRIES / 4)}-entry warm-up and GC: heap ${mib(small.heapUsed)}, RSS ${mib(small.rss)}`,
);
const rates = new Map<string, number>();
for (const [store, concurrency] of STORES.flatMap((s) => [4, 16].map((c) => [s, c] as const))) {
  const pairs: { raw: number; full: Awaited<ReturnType<typeof full>> }[] = [];
  for (let pair = 1; pair <= PAIRS; pair += 1) {
    const rawRate = await raw(sandbox.url, concurrency, ENTRIES);
    pairs.push({ raw: rawRate, full: await full(sandbox.url, concurrency, `${store}-${concurrency}-${pair}`, store) });
  }
  const ratio = median(pairs.map((p) => p.full.rate / p.raw));
  const middle = pairs.find((p) => p.full.rate / p.raw === ratio) ?? pairs[0]!;
  const { rate: fullRate, commits, encrypted } = middle.full;
  rates.set(`${store} ${concurrency}`, fullRate);
  const settled = afterGc();
  console.log(
    `${store.padEnd(12)} concurrency ${String(concurrency).padStart(2)}: raw ${middle.raw.toFixed(0)} entries/s, ` +
      `full pipeline ${fullRate.toFixed(0)} entries/s, ratio ${ratio.toFixed(2)}` +
      ` (pairs ${pairs.map((p) => (p.full.rate / p.raw).toFixed(2)).join(', ')})` +
      ` (target >= ${store === 'postgres' ? '0.80' : '0.90'}), commits per entry ${commits.toFixed(2)}` +
      `, encrypted ${store === 'postgres' ? 'n/a (office journal)' : encrypted ? 'yes' : 'no'}` +
      `; after GC: heap ${mib(settled.heapUsed)}, RSS ${mib(settled.rss)}; ${verdictNote()}`,
  );
}
for (const concurrency of [4, 16]) {
  const encrypted = rates.get(`sqlite ${concurrency}`);
  const plain = rates.get(`sqlite-plain ${concurrency}`);
  if (encrypted === undefined || plain === undefined) continue;
  console.log(
    `encrypted vs plain journal, concurrency ${concurrency}: ${encrypted.toFixed(0)} vs ${plain.toFixed(0)} entries/s, ` +
      `ratio ${(encrypted / plain).toFixed(2)} (target >= 0.90)`,
  );
}
clearInterval(sampler);
console.log(
  `peak RSS of the client process: ${mib(smallRunPeak)} after the ${Math.floor(ENTRIES / 4)}-entry ` +
    `warm-up, ${mib(peakRss)} after all runs (${ENTRIES * 4} entries in all)`,
);
await sandbox.close();
await office?.stop();
