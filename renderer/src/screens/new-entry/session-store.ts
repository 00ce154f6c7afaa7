import { useSyncExternalStore } from 'react';
import type { SubmissionView } from '../../../../shared/ipc/contract';
import type { JournalState } from '../../../../shared/journal/types';
import { api } from '../../api';

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
const EARLY_EVENTS = 50;

let entries: readonly SubmissionView[] = [];
/** Changes that arrived before the submit's answer named their row (the two travel separately). */
const early = new Map<number, SubmissionView>();
const listeners = new Set<() => void>();
let following: (() => void) | undefined;

const progress = (row: SubmissionView) => row.attempts * 10 + PHASE[row.state];
const notify = () => listeners.forEach((l) => l());

/** Main pushes every committed change in order, so the newest event for a row we keyed is its state. */
function onChanged(row: SubmissionView): void {
  const at = entries.findIndex((e) => e.id === row.id);
  if (at >= 0) {
    entries = entries.with(at, row);
    return notify();
  }
  early.set(row.id, row);
  if (early.size > EARLY_EVENTS) early.delete(early.keys().next().value as number);
}

/**
 * Adds a row this window just submitted, newest first, and follows its changes from then on
 * (a retry that succeeds, a person's resolution) through `journal:changed`; no polling. The
 * submit's answer and the events race, so whichever is further along wins.
 */
export function addSessionEntry(row: SubmissionView): void {
  following ??= api.journal.onChanged(onChanged);
  const seen = early.get(row.id);
  early.delete(row.id);
  const latest = seen && progress(seen) > progress(row) ? seen : row;
  entries = [latest, ...entries.filter((e) => e.id !== row.id)];
  notify();
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
  return useSyncExternalStore(subscribe, () => (id === undefined ? undefined : entries.find((e) => e.id === id)));
}

/** The entry of this session with a journal id, if this window keyed it (for naming who keyed a duplicate). */
export function sessionEntry(id: number): SubmissionView | undefined {
  return entries.find((e) => e.id === id);
}
