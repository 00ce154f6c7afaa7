import { formatScreenDate, type ScreenDateOrder } from '../entry/screen-date';

// The one way Feed Desk writes a moment (a stored ISO time) for people: the local calendar date in
// the person's chosen order, then the 24-hour local time. Used by every screen, the summary (and so
// its PDF), and the exports, so the same moment reads alike everywhere. No locale-dependent
// formatting (toLocaleString, Intl.DateTimeFormat): its output changes with the computer's language.

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** The local calendar date of a moment as YYYY-MM-DD (today when none is given). */
export function localDate(at: Date | string = new Date()): string {
  const d = toDate(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local time of day of a moment, 24-hour: "14:32", or "14:32:05" with seconds. */
export function clock(at: Date | string, seconds = false): string {
  const d = toDate(at);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return seconds ? `${hm}:${pad(d.getSeconds())}` : hm;
}

/**
 * A moment as a person reads it: the local date in their order, then the 24-hour local time,
 * "24/11/2026 02:27" (with seconds where the order of close events matters: "24/11/2026 02:27:53").
 * Text that is not a time is given back unchanged, never "Invalid Date".
 */
export function formatMoment(iso: string, order: ScreenDateOrder, seconds = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatScreenDate(localDate(d), order)} ${clock(d, seconds)}`;
}

/**
 * A moment for files (CSV exports): ISO 8601 local time to the second with this computer's UTC
 * offset, "2026-11-24T02:27:00+01:00", so a reader knows the zone without asking. Empty for none.
 */
export function isoWithOffset(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const offset = -d.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  // The local wall clock is the moment shifted by its own offset, written as UTC: one zone look-up
  // instead of six (an export of a year's rows writes hundreds of thousands of these).
  return `${new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19)}${zone}`;
}
