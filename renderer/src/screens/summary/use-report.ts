import { useEffect, useState } from 'react';
import type { JournalReport } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import type { SummaryRange } from './summary-route';

/** How long a burst of journal changes is gathered before the summary is read again. */
const SETTLE_MS = 500;

type Loaded = { key: string; report: JournalReport | null; error: string | null };

/**
 * The daily summary of a range from main, read again (once per burst) when main says a row
 * changed, so the counts on screen are the journal's.
 */
export function useReport(range: SummaryRange) {
  const key = `${range.from}|${range.to}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void api.journal.report({ from: range.from, to: range.to }).then((result) => {
      if (!live) return;
      setLoaded(
        result.ok ? { key, report: result.data, error: null } : { key, report: null, error: result.error.message },
      );
    });
    return () => {
      live = false;
    };
  }, [key, range.from, range.to, version]);

  useEffect(() => {
    let timer: number | undefined;
    const stop = api.journal.onChanged(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setVersion((v) => v + 1), SETTLE_MS);
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  const current = loaded?.key === key ? loaded : null;
  return { report: current?.report ?? null, error: current?.error ?? null };
}
