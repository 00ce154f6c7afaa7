import { useSyncExternalStore } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import { calls } from './app-actions';

/** Where this desk's journal is, who is signed in as what, and the saved choice (as main answers). */
export type JournalLocationView = ResponseOf<'journal:location'>;

/** What the shared location store holds: the answer, or why there is none yet. */
interface Snapshot {
  location: JournalLocationView | null;
  error: string | null;
}

let snapshot: Snapshot = { location: null, error: null };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

async function load(): Promise<void> {
  const result = await calls.journal.location({});
  snapshot = result.ok
    ? { location: result.data, error: null }
    : { location: snapshot.location, error: result.error.message };
  for (const listener of listeners) listener();
}

/** Asks main again (after a save) and tells every component using the location; one call in flight at a time. */
export function reloadJournalLocation(): Promise<void> {
  loading ??= load().finally(() => {
    loading = null;
  });
  return loading;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!snapshot.location && !snapshot.error) void reloadJournalLocation();
  return () => {
    listeners.delete(onChange);
  };
}

const read = (): Snapshot => snapshot;

/**
 * The journal in use and the saved choice, fetched once and shared by every component that
 * shows it (the top-bar badge, Settings); `reload` asks main again and updates them all.
 */
export function useJournalLocation(): Snapshot & { reload: () => Promise<void> } {
  const current = useSyncExternalStore(subscribe, read);
  return { ...current, reload: reloadJournalLocation };
}
