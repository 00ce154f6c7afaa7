import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../../../../shared/ipc/result';
import { onJournalChanges } from './journal-changes';

/** A value read from main, and the last error reading it. */
export interface Live<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

/**
 * A value read from main (`load` must be a stable function), read again whenever journal rows
 * change and on `reload()`. Only the newest answer is kept when reads overlap.
 */
export function useLive<T>(load: () => Promise<Result<T>>): Live<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const latest = useRef(0);

  const reload = useCallback(() => {
    const mine = ++latest.current;
    void load().then((result) => {
      if (mine !== latest.current) return;
      setState((before) =>
        result.ok ? { data: result.data, error: null } : { data: before.data, error: result.error.message },
      );
    });
  }, [load]);

  useEffect(() => {
    reload();
    const off = onJournalChanges(reload);
    return () => {
      off();
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
