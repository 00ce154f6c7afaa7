import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { JournalListRow } from '@shared/ipc/contract';
import { clock, formatMoment } from '@shared/format/moments';

export { localDate } from '@shared/format/moments';

/** A moment as the screen shows it: local date in the person's date order, then the time. */
export const dateTime = (iso: string, order: ScreenDateOrder): string => formatMoment(iso, order);

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
