import type { SubmissionView } from '../../../shared/ipc/contract';
import type { JournalState } from '../../../shared/journal/types';
import type { JournalFeed } from './feed';

const PHASE: Record<JournalState, number> = {
  queued: 0,
  sending: 1,
  accepted: 2,
  rejected: 2,
  failed: 2,
  unknown: 2,
  discarded: 3,
  superseded: 3,
};

/** How far a row has come: later attempts first, then queued, sending, answered, set aside. */
export const progress = (row: SubmissionView) => row.attempts * 10 + PHASE[row.state];

/** The rows this window submitted, each in its latest state. */
export interface FollowedRows {
  /** Starts following the row a submit answered with; returns its latest state. */
  follow(answer: SubmissionView): SubmissionView;
  /** A followed row in its latest state (undefined for one not followed). */
  row(id: number): SubmissionView | undefined;
  /** Calls the listener when a followed row changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Follows the rows this window submitted through the feed's row events (a retry, a late answer, a
 * person's decision), with no polling. The submit's answer and the events travel separately, so
 * either can come first: an event held from before the answer wins when it is further along, and
 * events older than the answer that arrive after it are dropped until the events catch up with
 * it; from then on main's order is the row's order (a resend moves a failed row back to queued).
 */
export function createFollowedRows(feed: Pick<JournalFeed, 'onRow' | 'recent'>): FollowedRows {
  const rows = new Map<number, SubmissionView>();
  /** Followed rows whose events have not caught up with the answer yet, with the answer's progress. */
  const floors = new Map<number, number>();
  const listeners = new Set<() => void>();
  const notify = () => [...listeners].forEach((listener) => listener());

  feed.onRow((row) => {
    if (!rows.has(row.id)) return;
    const floor = floors.get(row.id);
    if (floor !== undefined && progress(row) < floor) return;
    floors.delete(row.id);
    rows.set(row.id, row);
    notify();
  });

  return {
    follow(answer) {
      const seen = feed.recent(answer.id);
      const caughtUp = seen !== undefined && progress(seen) >= progress(answer);
      const latest = caughtUp ? seen : answer;
      if (caughtUp) floors.delete(answer.id);
      else floors.set(answer.id, progress(answer));
      rows.set(answer.id, latest);
      notify();
      return latest;
    },
    row: (id) => rows.get(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
