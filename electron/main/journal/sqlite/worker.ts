// The journal on this computer in a thread of its own: the SQLite store answering the store's
// calls sent by worker-store.ts, so statements, commits and their fsyncs never hold up the thread
// that talks to the service and draws the screens.
import { parentPort, workerData } from 'node:worker_threads';
import type { JournalFilter, SubmissionRow } from '@shared/journal/types';
import type { JournalStore } from '../store';
import { createSqliteStore } from './store';

/** How the journal is encrypted, as it crosses to the journal's thread. */
export interface WorkerCipher {
  key?: Uint8Array;
  /** The key derived for the file (no derivation in this thread). */
  derived?: { key: Uint8Array; salt: Uint8Array };
  required?: boolean;
}

/**
 * What the journal's thread is started with: the file, the operator and how it is encrypted; with
 * `cipherFollows`, the cipher is the first message (the thread starts while the key is read).
 */
export interface JournalWorkerData extends WorkerCipher {
  path: string;
  operator: string;
  cipherFollows?: boolean;
}

/** A call from the owning thread: a store method by name (`batches.queue`, `drafts.get`…), or a page of an iteration. */
export type WorkerCall =
  { id: number; method: string; args: unknown[] } | { id: number; method: 'iterate.next'; args: [iteration: number] };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'open-failed'; error: WireError }
  | { type: 'change'; row: SubmissionRow }
  | { type: 'result'; id: number; value: unknown; commits: number }
  | { type: 'error'; id: number; error: WireError; commits: number };

/** An error as it crosses threads: its class by name, its message and code. */
export interface WireError {
  name: string;
  message: string;
  code?: unknown;
}

const PAGE = 500;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
const wire = (err: unknown): WireError =>
  err instanceof Error
    ? { name: err.name, message: err.message, code: (err as { code?: unknown }).code }
    : { name: 'Error', message: String(err) };

const data = workerData as JournalWorkerData;
let store!: JournalStore;

/** Opens the journal under `cipher`, then answers calls; tells the owning thread if it cannot. */
function start({ key, derived, required }: WorkerCipher): void {
  try {
    // The keys crossed the thread boundary as Uint8Arrays.
    store = createSqliteStore(data.path, data.operator, {
      key: key && Buffer.from(key),
      derived: derived && { key: Buffer.from(derived.key), salt: Buffer.from(derived.salt) },
      required,
    });
  } catch (err) {
    post({ type: 'open-failed', error: wire(err) });
    process.exit(0);
  }
  port.on('message', onCall);
  post({ type: 'ready' });
}
// Changes cross to the owning thread only while someone there listens.
let stopTelling: (() => void) | undefined;
const iterations = new Map<number, AsyncIterator<SubmissionRow>>();
let iterationIds = 0;

/** Runs one call (after `close`, the owning thread ends this one). */
async function answer(call: WorkerCall): Promise<unknown> {
  if (call.method === 'listen') {
    stopTelling?.();
    stopTelling = call.args[0] ? store.onChange((row) => post({ type: 'change', row })) : undefined;
    return undefined;
  }
  if (call.method === 'iterate') {
    iterationIds += 1;
    iterations.set(iterationIds, store.iterate(call.args[0] as JournalFilter)[Symbol.asyncIterator]());
    return iterationIds;
  }
  if (call.method === 'iterate.next') {
    const iteration = iterations.get(call.args[0] as number);
    const page: SubmissionRow[] = [];
    while (iteration && page.length < PAGE) {
      const next = await iteration.next();
      if (next.done) break;
      page.push(next.value);
    }
    if (page.length < PAGE) iterations.delete(call.args[0] as number);
    return page;
  }
  const [section, name] = call.method.includes('.') ? call.method.split('.') : [undefined, call.method];
  const target = (section ? store[section as 'batches' | 'drafts'] : store) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const fn = target[name!];
  if (typeof fn !== 'function') throw new Error(`No journal call ${call.method}`);
  return fn(...call.args);
}

function onCall(call: WorkerCall): void {
  answer(call).then(
    (value) => {
      post({ type: 'result', id: call.id, value, commits: store.commits?.() ?? 0 });
    },
    (err: unknown) => post({ type: 'error', id: call.id, error: wire(err), commits: store.commits?.() ?? 0 }),
  );
}

if (data.cipherFollows) port.once('message', (cipher: WorkerCipher) => start(cipher));
else start(data);
