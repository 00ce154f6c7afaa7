import type { JournalFilter, SubmissionRow } from '../../../shared/journal/types';
import { openDatabase } from './database';
import { Drafts } from './drafts';
import { findDuplicate } from './duplicate-guard';
import { sqliteBatches } from './batches';
import { Journal } from './journal';
import { linkCorrection, supersedeCorrected } from './corrections';
import { claim, expireLeases, renewLeases, type Lease } from './leases';
import { openCounts, pausedProfiles, renameProfileRows, retryWaiting, sendNow, setPaused } from './profile-rows';
import { listSubmissions, matchingIds, rowsByIds } from './queries';
import { attentionCounts, dailyReport, facets } from './review';
import type { JournalStore, QueueResult, Sendable } from './store';

/** How many rows an iteration reads per page (the table is never read at once). */
const PAGE = 500;

/**
 * The journal on this computer: one SQLite file (WAL, synchronous=FULL). Its calls are
 * synchronous underneath; the store's promises resolve with each committed result. Actions are
 * recorded under `operator` (the OS user).
 */
export function createSqliteStore(path: string, operator: string): JournalStore & { journal: Journal } {
  const journal = new Journal(openDatabase(path));
  const drafts = new Drafts(journal.db);
  const run = <T>(fn: () => T): Promise<T> => {
    try {
      return Promise.resolve(fn());
    } catch (err) {
      return Promise.reject(err as Error);
    }
  };

  const batches = sqliteBatches(journal, operator);

  function claimDue(lease: Lease, sendable: Sendable): SubmissionRow | undefined {
    for (const id of journal.dueIds(4, sendable)) {
      const row = claim(journal, id, lease);
      if (row) return row;
    }
    return undefined;
  }

  return {
    journal,
    location: { kind: 'local', path, user: operator, role: 'local' },
    onChange: (listener) => journal.onChange(listener),
    close: () => run(() => journal.close()),

    queue: (s, allowDuplicate) =>
      run(() =>
        journal.atomically((): QueueResult => {
          const duplicate =
            !allowDuplicate &&
            findDuplicate(
              journal,
              s.kind,
              s.profile,
              s.payloadHash,
              s.payload.reference ?? '',
              s.payload.policy ?? '',
              s.originalRecordid ?? null,
            );
          return duplicate ? { duplicate } : { row: journal.insertQueued(s) };
        }),
      ),
    claim: (id, lease) => run(() => claim(journal, id, lease)),
    claimNext: (lease, sendable) => run(() => claimDue(lease, sendable)),
    recordOutcome: (id, owner, outcome, next) =>
      run(() =>
        journal.atomically(() => ({
          row: supersedeCorrected(journal, journal.recordOutcome(id, owner, outcome), 'system'),
          next: next && claimDue(next.lease, next.sendable),
        })),
      ),
    renewLeases: (lease) => run(() => renewLeases(journal, lease)),
    expireLeases: () => run(() => expireLeases(journal)),
    nextRetryAt: (sendable) => run(() => journal.nextRetryAt(sendable)),

    resend: (id, note) => run(() => journal.resend(id, operator, note ?? null)),
    markAccepted: (id, recordid, note) =>
      run(() =>
        journal.atomically(() =>
          supersedeCorrected(journal, journal.markAccepted(id, recordid, operator, note ?? null), operator),
        ),
      ),
    discard: (id, note) => run(() => journal.discard(id, operator, note ?? null)),
    linkCorrection: (id, corrects) => run(() => linkCorrection(journal, id, corrects, operator)),
    markReviewed: (ids, note) => run(() => journal.markReviewed(ids, operator, note ?? null)),

    get: (id) => run(() => journal.get(id)),
    history: (id) => run(() => journal.history(id)),
    histories: (ids) => run(() => journal.histories(ids)),
    list: (filter) => run(() => listSubmissions(journal.db, filter)),
    iterate: (filter: JournalFilter) => pages(journal, filter),
    attention: () => run(() => attentionCounts(journal)),
    facets: () => run(() => facets(journal)),
    report: (from, to) => run(() => dailyReport(journal, from, to)),

    openCounts: (profile) => run(() => openCounts(journal, profile)),
    renameProfile: (from, to) => run(() => renameProfileRows(journal, from, to)),
    retryWaiting: (profile) => run(() => retryWaiting(journal, profile)),
    paused: () => run(() => pausedProfiles(journal)),
    setPaused: (profile, paused) => run(() => setPaused(journal, profile, paused, operator)),
    sendNow: (profile) => run(() => sendNow(journal, profile, operator)),

    batches: {
      open: (batch) => run(() => batches.open(batch)),
      get: (id) => run(() => batches.get(id)),
      find: (profile, hash) => run(() => batches.find(profile, hash)),
      duplicates: (profile, items) => run(() => batches.duplicates(profile, items)),
      recent: (limit) => run(() => batches.recent(limit)),
      queue: (id, items) => run(() => batches.queue(id, items)),
      counts: (id) => run(() => batches.counts(id)),
      retrying: (id) => run(() => batches.retrying(id)),
      setPaused: (id, paused) => run(() => batches.setPaused(id, paused)),
      discardUnsent: (id) => run(() => batches.discardUnsent(id)),
      retryFailed: (id) => run(() => batches.retryFailed(id)),
      leaveOut: (id, rows) => run(() => batches.leaveOut(id, rows)),
      leftOut: (id) => run(() => batches.leftOut(id)),
    },

    drafts: {
      get: (screen) => run(() => drafts.get(screen)),
      save: (screen, profile, payload) => run(() => drafts.save(screen, profile, payload)),
      delete: (screen) => run(() => drafts.delete(screen)),
    },
  };
}

/** Every matching row (the matches fixed when it starts), read a page at a time. */
async function* pages(journal: Journal, filter: JournalFilter): AsyncGenerator<SubmissionRow> {
  const ids = matchingIds(journal.db, filter);
  for (let start = 0; start < ids.length; start += PAGE) {
    yield* rowsByIds(journal.db, ids.slice(start, start + PAGE));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The SQLite database under a store on this computer (for migrations, benchmarks and tests). */
export function sqliteDatabase(store: JournalStore): Journal['db'] {
  const local = (store as Partial<ReturnType<typeof createSqliteStore>>).journal;
  if (!local) throw new Error('This journal is not on this computer');
  return local.db;
}
