import type { JournalState } from '@shared/journal/types';
import type { JournalReport } from '@shared/ipc/contract';
import { day, moment } from '../../moments';

/** A YYYY-MM-DD day in the person's date order, as typed in the range: "11/02/2026". */
export const formatDay = (iso: string): string => day(iso);

/**
 * A stored time on the summary, as on every screen: "22/11/2026 15:47", with seconds for when
 * the summary was made.
 */
export const formatStamp = (iso: string, seconds = false): string => moment(iso, seconds);

/** The summary's title: "Daily summary, 01/02/2026 – 03/02/2026" (one day named once). */
export function summaryTitle(from: string, to: string): string {
  return from === to ? `Daily summary, ${formatDay(from)}` : `Daily summary, ${formatDay(from)} – ${formatDay(to)}`;
}

/** States in the order a supervisor reads them: outcomes first, then what is still moving. */
export const STATE_ORDER: readonly JournalState[] = [
  'accepted',
  'rejected',
  'unknown',
  'failed',
  'queued',
  'sending',
  'discarded',
  'superseded',
];

/** The states with any row in the range: the columns of the operator and profile tables. */
export function statesInUse(report: JournalReport): JournalState[] {
  return STATE_ORDER.filter((s) => (report.byState[s] ?? 0) > 0);
}
