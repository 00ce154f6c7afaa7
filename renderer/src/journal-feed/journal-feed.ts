import { useSyncExternalStore } from 'react';
import type { SubmissionView } from '@shared/ipc/contract';
import { api } from '../api';
import { createJournalFeed, type Changes } from './feed';
import { createFollowedRows } from './followed-rows';

/** The page's one subscription to main's journal events (never closed: it lives as long as the page). */
export const journalFeed = createJournalFeed(api.journal);

const followed = createFollowedRows(journalFeed);

/** Calls the listener once per burst of journal changes (see createJournalFeed); returns the unsubscribe. */
export function onJournalChanges(listener: (changes: Changes) => void): () => void {
  return journalFeed.onChanges(listener);
}

/** Follows a row this window just submitted from its answer on; returns its latest state. */
export function followRow(answer: SubmissionView): SubmissionView {
  return followed.follow(answer);
}

/** A row this window submitted, in its latest state (undefined for none, or one not followed). */
export function followedRow(id: number): SubmissionView | undefined {
  return followed.row(id);
}

/** The rows this window submitted, each in its latest state, the last submitted first. */
export function useFollowedRows(): readonly SubmissionView[] {
  return useSyncExternalStore(followed.subscribe, followed.list);
}

/** A row this window submitted and follows, in its latest state; undefined for no id. */
export function useJournalRow(id: number | null | undefined): SubmissionView | undefined {
  return useSyncExternalStore(followed.subscribe, () =>
    id === null || id === undefined ? undefined : followed.row(id),
  );
}

/**
 * Whether the office journal answers: false from the moment main says it stopped answering (an
 * office database restarting) until it says it answers again. A journal on this computer always does.
 */
export function useJournalReachable(): boolean {
  return useSyncExternalStore(journalFeed.onHealth, journalFeed.reachable);
}
