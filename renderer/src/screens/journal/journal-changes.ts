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
 * polled), at most once per COALESCE_MS however many rows changed. Returns the unsubscribe.
 */
export function onJournalChanges(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribe ??= api.journal.onChanged(() => {
    timer ??= setTimeout(flush, COALESCE_MS);
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
    clearTimeout(timer);
    timer = undefined;
  };
}
