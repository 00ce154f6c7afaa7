import { useCallback } from 'react';
import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';
import type { SummaryRange } from './summary-route';

/**
 * The daily summary of a range from main, read again (once per burst) when main says a row
 * changed, so the counts on screen are the journal's.
 */
export function useReport(range: SummaryRange) {
  const { from, to } = range;
  const load = useCallback(() => calls.journal.report({ from, to }), [from, to]);
  const { data, error } = useLive(load);
  return { report: data, error };
}
