import type { SubmissionView } from '@shared/ipc/contract';

/** How long a burst of changes (an outbox draining, a bulk review, an import) is gathered into one "read again". */
export const COALESCE_MS = 100;
/** How many rows' latest events are kept for a submit whose answer arrives after its row's events. */
export const RECENT_ROWS = 50;

/** What the feed listens to: the preload's `api.journal` events. */
export interface JournalEvents {
  onChanged(listener: (row: SubmissionView) => void): () => void;
  onHealth(listener: (health: { reachable: boolean }) => void): () => void;
}

/** The rows changed in one burst, in main's order; null when anything may have changed (the office journal back after an outage). */
export type Changes = readonly SubmissionView[] | null;

/** The renderer's one view of `journal:changed` and `journal:health`. */
export interface JournalFeed {
  /** Every row event as main pushes it, one call each, in order: for views that follow single rows. */
  onRow(listener: (row: SubmissionView) => void): () => void;
  /** Once per burst, COALESCE_MS after its first change: what to read again. */
  onChanges(listener: (changes: Changes) => void): () => void;
  /** Each time main says whether the office journal answers. */
  onHealth(listener: () => void): () => void;
  /** Whether the office journal answered last (a journal on this computer always does). */
  reachable(): boolean;
  /** The latest event of a row among the RECENT_ROWS rows that changed last. */
  recent(id: number): SubmissionView | undefined;
  /** Stops listening to main. */
  close(): void;
}

/** Calls each listener of a set with a value; a listener removed by an earlier one is still called this once. */
function emit<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) listener(value);
}

/** Adds a listener to a set; returns its removal. */
function add<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The single subscription to main's journal events, with one coalescing policy: every view that
 * reads journal data again after changes is told once per burst (at most every COALESCE_MS), with
 * the rows that changed, and once more when an office journal answers again, since the changes
 * made while it was unreachable were never announced.
 */
export function createJournalFeed(events: JournalEvents, coalesceMs = COALESCE_MS): JournalFeed {
  const rowListeners = new Set<(row: SubmissionView) => void>();
  const changeListeners = new Set<(changes: Changes) => void>();
  const healthListeners = new Set<() => void>();
  const recentRows = new Map<number, SubmissionView>();
  let pending: SubmissionView[] | null = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reachable = true;

  const flush = () => {
    timer = undefined;
    const changes = pending;
    pending = [];
    emit(changeListeners, changes);
  };
  const gather = (row: SubmissionView | null) => {
    if (row === null) pending = null;
    else pending?.push(row);
    timer ??= setTimeout(flush, coalesceMs);
  };

  const stopChanged = events.onChanged((row) => {
    recentRows.delete(row.id);
    recentRows.set(row.id, row);
    if (recentRows.size > RECENT_ROWS) recentRows.delete(recentRows.keys().next().value as number);
    emit(rowListeners, row);
    gather(row);
  });
  const stopHealth = events.onHealth(({ reachable: now }) => {
    reachable = now;
    emit(healthListeners, undefined);
    if (now) gather(null);
  });

  return {
    onRow: (listener) => add(rowListeners, listener),
    onChanges: (listener) => add(changeListeners, listener),
    onHealth: (listener) => add(healthListeners, listener),
    reachable: () => reachable,
    recent: (id) => recentRows.get(id),
    close: () => {
      stopChanged();
      stopHealth();
      clearTimeout(timer);
    },
  };
}
