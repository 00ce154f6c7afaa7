import { api } from '../../api';

/** How long a burst of changes (an outbox draining, a bulk review) is gathered into one refresh. */
export const COALESCE_MS = 100;

const listeners = new Set<() => void>();
let unsubscribe: (() => void) | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  timer = undefined;
  for (const listener of [...listeners]) listener();
}

/**
 * Calls the listener after journal rows changed in main (pushed through `journal:changed`, never
 * polled), and when an office journal answers again after an outage, at most once per
 * COALESCE_MS however many rows changed. Returns the unsubscribe.
 */
export function onJournalChanges(listener: () => void): () => void {
  listeners.add(listener);
  if (!unsubscribe) {
    const changed = () => {
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    const stopChanges = api.journal.onChanged(changed);
    // Changes made while the office journal was unreachable were never announced: read again once it is back.
    const stopHealth = api.journal.onHealth(({ reachable }) => reachable && changed());
    unsubscribe = () => {
      stopChanges();
      stopHealth();
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
    clearTimeout(timer);
    timer = undefined;
  };
}
