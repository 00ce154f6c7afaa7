import type { JournalStore } from '../journal/store';
import { mayHandlePersonalData } from '@shared/journal/privacy';

/** How often the app applies the retention rule while it runs. */
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Applies the journal's retention rule now and then every `everyMs` while the app runs (the timer
 * never keeps the process alive); returns the function that stops it (on quit). A clerk's desk of
 * an office journal leaves it to the supervisors' desks: the database would refuse it. A failed
 * run (the office database away) is told to `onError` and tried again at the next one.
 */
export function startRetention(
  journal: JournalStore,
  onError: (err: Error) => void,
  everyMs = RETENTION_EVERY_MS,
): () => void {
  if (!mayHandlePersonalData(journal.location.role)) return () => undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= journal.privacy
      .purge()
      .catch((err: unknown) => onError(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
