import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionView } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import { onJournalChanges } from './journal-feed';

/** A value read from main, and the last error reading it. */
export interface Live<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

type Loaded<T> = { load: () => Promise<Result<T>>; data: T | null; error: string | null };

/**
 * A value read from main (`load` must be a stable function; a new one reads afresh and shows
 * nothing of the old one's), read again once per burst of journal changes (with `isAffectedBy`: only
 * of changes to rows it picks, given the value shown) and on `reload()`. Changes are followed one
 * read at a time; only the newest answer is kept when reads overlap.
 */
export function useLive<T>(
  load: () => Promise<Result<T>>,
  isAffectedBy?: (row: SubmissionView, data: T | null) => boolean,
): Live<T> {
  const [state, setState] = useState<Loaded<T> | null>(null);
  const latest = useRef(0);

  /** A read is on its way; changes meanwhile ask for one more read once it answers, not for one each. */
  const reading = useRef(false);
  const again = useRef(false);

  const reload = useCallback(() => {
    const mine = ++latest.current;
    reading.current = true;
    void load().then((result) => {
      if (mine !== latest.current) return;
      reading.current = false;
      setState((before) => {
        const kept = before?.load === load ? before.data : null;
        return result.ok ? { load, data: result.data, error: null } : { load, data: kept, error: result.error.message };
      });
      if (again.current) {
        again.current = false;
        reload();
      }
    });
  }, [load]);

  /** After changes: reads again, or once more after the read on its way. */
  const readAgain = useCallback(() => {
    if (reading.current) again.current = true;
    else reload();
  }, [reload]);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  const current = state?.load === load ? state : null;
  const data = current?.data ?? null;

  useEffect(
    () =>
      onJournalChanges(
        (changes) => (!isAffectedBy || !changes || changes.some((row) => isAffectedBy(row, data))) && readAgain(),
      ),
    [readAgain, isAffectedBy, data],
  );

  return { data, error: current?.error ?? null, reload };
}
