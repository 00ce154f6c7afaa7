import { formatScreenDate, type ScreenDateOrder } from '../../../../shared/entry/screen-date';
import type { JournalListRow } from '../../../../shared/ipc/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of a moment as YYYY-MM-DD (today when none is given). */
export function localDate(at: Date | string = new Date()): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local time of day of a moment, 24-hour: 14:32. */
export function clock(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A moment as the screen shows it: local date in the person's date order, then the time. */
export function dateTime(iso: string, order: ScreenDateOrder): string {
  return `${formatScreenDate(localDate(iso), order)} ${clock(iso)}`;
}

/**
 * When a queued or failed row will be tried next, in a few words ("next try 14:32"); null for
 * rows that are not waiting to be sent.
 */
export function nextTry(row: Pick<JournalListRow, 'state' | 'errorCode' | 'nextAttemptAt'>): string | null {
  if (row.state === 'queued') return 'waiting to send';
  if (row.state !== 'failed') return null;
  if (row.nextAttemptAt) return `next try ${clock(row.nextAttemptAt)}`;
  if (row.errorCode === 'credentials' || row.errorCode === 'keychain') return 'waits for credentials';
  return 'no automatic retry';
}
