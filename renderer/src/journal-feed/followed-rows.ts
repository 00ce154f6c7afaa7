import type { SubmissionView } from '@shared/ipc/contract';
import type { JournalFeed } from './feed';

/** The rows this window submitted, each in its latest state. */
export interface FollowedRows {
  /** Starts following the row a submit answered with; returns its latest state. */
  follow(answer: SubmissionView): SubmissionView;
  /** A followed row in its latest state (undefined for one not followed). */
  row(id: number): SubmissionView | undefined;
  /** The followed rows in their latest state, the last followed first: the same array while none changed. */
  list(): readonly SubmissionView[];
  /** Calls the listener when a followed row changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Follows the rows this window submitted through the feed's row events (a retry, a late answer, a
 * person's decision), with no polling. The submit's answer and the events travel separately, so
 * either can come first: every copy carries the row's revision, which the journal raises on each
 * change, and the copy with the highest revision is the row's latest state.
 */
export function createFollowedRows(feed: Pick<JournalFeed, 'onRow' | 'recent'>): FollowedRows {
  /** Kept in the order followed, the last followed last. */
  const rows = new Map<number, SubmissionView>();
  let list: readonly SubmissionView[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    list = [...rows.values()].reverse();
    [...listeners].forEach((listener) => listener());
  };

  feed.onRow((row) => {
    const held = rows.get(row.id);
    if (!held || row.revision < held.revision) return;
    rows.set(row.id, row);
    notify();
  });

  return {
    follow(answer) {
      const seen = feed.recent(answer.id);
      const latest = seen && seen.revision > answer.revision ? seen : answer;
      rows.delete(answer.id);
      rows.set(answer.id, latest);
      notify();
      return latest;
    },
    row: (id) => rows.get(id),
    list: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
