import { useSyncExternalStore } from 'react';
import type { SubmissionView } from '../../../../shared/ipc/contract';
import { followRow, followedRow, onFollowedRows, useJournalRow } from '../../journal-feed/journal-feed';

/** The journal ids keyed in this window, newest first. */
let ids: readonly number[] = [];
let entries: readonly SubmissionView[] = [];
const listeners = new Set<() => void>();

/** Rebuilds the list from the followed rows, keeping it the same array while none of them changed. */
function refresh(): void {
  const next = ids.flatMap((id) => followedRow(id) ?? []);
  if (next.length === entries.length && next.every((row, i) => row === entries[i])) return;
  entries = next;
  listeners.forEach((l) => l());
}
onFollowedRows(refresh);

/**
 * Adds a row this window just submitted, newest first, and follows its changes from then on
 * (a retry that succeeds, a person's resolution) through the journal feed; no polling.
 */
export function addSessionEntry(row: SubmissionView): void {
  ids = [row.id, ...ids.filter((id) => id !== row.id)];
  followRow(row);
  refresh();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entries keyed in this window since it opened, newest first, each in its latest state. */
export function useSessionEntries(): readonly SubmissionView[] {
  return useSyncExternalStore(subscribe, () => entries);
}

/** One entry of this session in its latest state (undefined for none). */
export function useSessionEntry(id: number | undefined): SubmissionView | undefined {
  return useJournalRow(id);
}

/** The entry of this session with a journal id, if this window keyed it (for naming who keyed a duplicate). */
export function sessionEntry(id: number): SubmissionView | undefined {
  return ids.includes(id) ? followedRow(id) : undefined;
}
