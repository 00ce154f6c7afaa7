import { formatMoment, localDate } from '@shared/format/moments';
import { formatScreenDate } from '@shared/entry/screen-date';
import { screenDateOrder } from './preferences';

/**
 * The renderer's one formatter for moments and days: the person's date order, 24-hour local time
 * ("24/11/2026 02:27"), the rules of shared/format/moments. Screens call these, never
 * toLocaleString or Intl.DateTimeFormat.
 */
export const moment = (iso: string, seconds = false): string => formatMoment(iso, screenDateOrder(), seconds);

/** A moment to the second, for details and histories where close events must stay in order. */
export const momentWithSeconds = (iso: string): string => moment(iso, true);

/** A YYYY-MM-DD day in the person's date order: "11/02/2026". */
export const day = (isoDay: string): string => formatScreenDate(isoDay, screenDateOrder());

export { clock } from '@shared/format/moments';

/** The local day of a moment in the person's date order: "24/11/2026". */
export const dayOf = (iso: string): string => day(localDate(iso));
