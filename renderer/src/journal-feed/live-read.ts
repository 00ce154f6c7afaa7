import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SubmissionView } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import type { Changes } from './feed';

/** A value read from main, and the last error reading it. */
export interface Live<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

/** What to read: a stable function (a new one reads afresh), or null while there is nothing to read. */
export type Load<T> = (() => Promise<Result<T>>) | null;

/** Where the hooks hear of journal changes: the journal feed's `onChanges`. */
export type OnChanges = (listener: (changes: Changes) => void) => () => void;

type Loaded<T> = { load: Load<T>; data: T | null; error: string | null };

/**
 * Reads `load` when it is given and on `readAgain()`/`reload()`, one read at a time: a read asked
 * for while one is on its way happens once after it answers, and only the newest answer is kept.
 * A new `load` shows nothing of the old one's value.
 */
function useReads<T>(load: Load<T>) {
  const [state, setState] = useState<Loaded<T> | null>(null);
  const latest = useRef(0);
  /** A read is on its way; changes meanwhile ask for one more read once it answers, not for one each. */
  const reading = useRef(false);
  const again = useRef(false);

  const reload = useCallback(() => {
    if (!load) return;
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
      reading.current = false;
      again.current = false;
    };
  }, [reload]);

  const current = load && state?.load === load ? state : null;
  return { data: current?.data ?? null, error: current?.error ?? null, reload, readAgain };
}

/**
 * The renderer's two ways to read data from main, bound to where journal changes are heard:
 * `useLive` for what the journal changes, `useRead` for what it does not.
 */
export function liveHooks(onChanges: OnChanges) {
  /**
   * A value read from main (see `Load`), read again once per burst of journal changes (with
   * `isAffectedBy`: only of changes to rows it picks, given the value shown) and on `reload()`.
   * It subscribes once, while mounted: each burst is judged by the latest value and filter.
   */
  function useLive<T>(load: Load<T>, isAffectedBy?: (row: SubmissionView, data: T | null) => boolean): Live<T> {
    const { data, error, reload, readAgain } = useReads(load);
    const latest = useRef({ data, isAffectedBy, readAgain });
    useLayoutEffect(() => {
      latest.current = { data, isAffectedBy, readAgain };
    });
    useEffect(
      () =>
        onChanges((changes) => {
          const { data: shown, isAffectedBy: affects, readAgain: read } = latest.current;
          if (!affects || !changes || changes.some((row) => affects(row, shown))) read();
        }),
      [],
    );
    return { data, error, reload };
  }

  /** A value read from main once per `load` (see `Load`) and on `reload()`: for what journal changes leave alone. */
  function useRead<T>(load: Load<T>): Live<T> {
    const { data, error, reload } = useReads(load);
    return { data, error, reload };
  }

  return { useLive, useRead };
}
