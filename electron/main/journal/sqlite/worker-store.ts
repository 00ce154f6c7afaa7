import { Worker } from 'node:worker_threads';
import type { SubmissionRow } from '@shared/journal/types';
import { JournalKeyError, JournalStateError, JournalVersionError } from '../errors';
import type { BatchStore, JournalStore } from '../store';
import type { JournalCipher } from './database';
import type { JournalWorkerData, WireError, WorkerCall, WorkerCipher, WorkerMessage } from './worker';

/** Every call of the store that is answered in the journal's thread. */
const CALLS = [
  'queue',
  'claim',
  'claimDue',
  'claimNext',
  'unclaim',
  'recordOutcomes',
  'recordOutcome',
  'renewLeases',
  'expireLeases',
  'nextRetryAt',
  'resend',
  'markAccepted',
  'discard',
  'linkCorrection',
  'markReviewed',
  'get',
  'history',
  'histories',
  'resolutions',
  'list',
  'attention',
  'facets',
  'report',
  'customer',
  'entriesFor',
  'openCounts',
  'renameProfile',
  'retryWaiting',
  'paused',
  'setPaused',
  'sendNow',
] as const satisfies ReadonlyArray<keyof JournalStore>;
const BATCH_CALLS = [
  'open',
  'get',
  'find',
  'duplicates',
  'recent',
  'queue',
  'counts',
  'rowNumbers',
  'progress',
  'setPaused',
  'discardUnsent',
  'retryFailed',
  'leaveOut',
  'leftOut',
] as const satisfies ReadonlyArray<keyof BatchStore>;
const DRAFT_CALLS = ['get', 'save', 'delete'] as const satisfies ReadonlyArray<keyof JournalStore['drafts']>;
const PRIVACY_CALLS = ['find', 'rows', 'erase', 'retention', 'setRetention', 'purge'] as const satisfies ReadonlyArray<
  keyof JournalStore['privacy']
>;

// A new method of the contract fails here until it is answered in the journal's thread too (or, as
// updateFeed, is the office journal's only).
type Local =
  | 'location'
  | 'onChange'
  | 'onHealth'
  | 'close'
  | 'commits'
  | 'iterate'
  | 'batches'
  | 'drafts'
  | 'privacy'
  | 'updateFeed';
const everyCall: Exclude<keyof JournalStore, Local | (typeof CALLS)[number]> extends never ? true : never = true;
const everyBatchCall: Exclude<keyof BatchStore, (typeof BATCH_CALLS)[number]> extends never ? true : never = true;
void everyCall;
void everyBatchCall;

/** The store's own errors keep their class across the thread boundary; others arrive as Error with the same message. */
function revive(error: WireError): Error {
  const Kind = { JournalStateError, JournalVersionError, JournalKeyError }[error.name] ?? Error;
  return Object.assign(new Kind(error.message), error.code === undefined ? {} : { code: error.code });
}

/** Where the journal's thread starts: the bundled file in a build, the TypeScript source through tsx in a checkout. */
function startWorker(workerData: JournalWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./journal-worker.js', import.meta.url), { workerData });
  const entry = new URL('./worker.ts', import.meta.url).href;
  return new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { ...workerData, entry } });
}

/**
 * Opens the journal on this computer (one SQLite file) in a thread of its own: the same store as
 * createSqliteStore, answered there, so its statements, commits and fsyncs run beside the sends
 * rather than between them. Each call's promise resolves once the journal's thread has committed;
 * changes are told to listeners before the call that made them resolves, as in one thread.
 * Given the cipher as a promise (the key still being read and derived), the thread starts at once
 * and opens the file once the cipher comes; a cipher that fails ends the thread.
 */
export async function openSqliteStore(
  path: string,
  operator: string,
  cipher: JournalCipher | Promise<JournalCipher> = {},
): Promise<JournalStore> {
  const follows = cipher instanceof Promise;
  const worker = startWorker(follows ? { path, operator, cipherFollows: true } : { path, operator, ...cipher });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  const listeners = new Set<(row: SubmissionRow) => void>();
  let ids = 0;
  let commits = 0;
  let gone: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'open-failed') reject(revive(message.error));
      else if (message.type === 'change') for (const listener of listeners) listener(message.row);
      else {
        commits = message.commits;
        const call = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.type === 'result') call?.resolve(message.value);
        else call?.reject(revive(message.error));
      }
    });
    worker.on('error', (err) => {
      gone = err;
      reject(err);
      for (const call of waiting.values()) call.reject(err);
      waiting.clear();
    });
    worker.on('exit', () => {
      gone ??= new Error('The journal on this computer is closed');
      for (const call of waiting.values()) call.reject(gone);
      waiting.clear();
    });
  });
  // Failing before it is awaited (the thread gone while the key is read) is not a stray rejection.
  ready.catch(() => undefined);
  let known: JournalCipher;
  try {
    known = await cipher;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  if (follows) worker.postMessage(known satisfies WorkerCipher);
  await ready;
  // The thread keeps this process alive only while a call waits for its answer.
  worker.unref();

  function call<T>(method: string, args: unknown[]): Promise<T> {
    if (gone) return Promise.reject(gone);
    ids += 1;
    const id = ids;
    if (waiting.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args } satisfies WorkerCall);
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  }
  const section = (prefix: string, names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => call(`${prefix}${name}`, args)]));

  let closing: Promise<void> | undefined;
  const store = {
    ...section('', CALLS),
    location: { kind: 'local', path, user: operator, role: 'local', encrypted: known.key !== undefined },
    onChange(listener: (row: SubmissionRow) => void) {
      listeners.add(listener);
      if (listeners.size === 1) void call('listen', [true]).catch(() => undefined);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void call('listen', [false]).catch(() => undefined);
      };
    },
    commits: () => commits,
    close() {
      closing ??= (async () => {
        await call('close', []).catch(() => undefined);
        await worker.terminate();
      })();
      return closing;
    },
    async *iterate(filter: unknown) {
      const iteration = await call<number>('iterate', [filter]);
      for (;;) {
        const page = await call<SubmissionRow[]>('iterate.next', [iteration]);
        yield* page;
        if (page.length === 0) return;
      }
    },
    batches: section('batches.', BATCH_CALLS),
    drafts: section('drafts.', DRAFT_CALLS),
    privacy: section('privacy.', PRIVACY_CALLS),
  };
  return store as unknown as JournalStore;
}
