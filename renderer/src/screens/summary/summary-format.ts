import type { JournalState } from '../../../../shared/journal/types';
import type { JournalReport } from '../../../../shared/ipc/contract';

/** A YYYY-MM-DD day in words, the same on every computer: "11 February 2026". */
export function formatDay(iso: string): string {
  const at = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A stored time on the summary, written the same way as its title (the desk's British forms):
 * "22 Nov 2026, 15:47", with seconds for when the summary was made.
 */
export function formatStamp(iso: string, seconds = false): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' });
}

/** The summary's title: "Daily summary, 1 February 2026 – 3 February 2026" (one day named once). */
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
