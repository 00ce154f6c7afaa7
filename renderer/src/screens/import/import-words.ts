import { FIELD_LABELS, isEntryField } from '@shared/entry/fields';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import { moment } from '../../moments';

/**
 * How the status line is coloured: `ok` only for what went wholly well, `warn` for what needs a
 * look (some rows invalid, a batch paused), `bad` for nothing usable; plain otherwise.
 */
export type Tone = 'ok' | 'warn' | 'bad' | undefined;

/** A person is told something on the status line, coloured by its tone. */
export type Announce = (text: string, tone?: Tone) => void;

/** The tone of a count of good things beside a count of bad ones: green only when all are good. */
export const toneOf = (good: number, bad: number): Tone =>
  bad === 0 ? (good > 0 ? 'ok' : undefined) : good > 0 ? 'warn' : 'bad';

/** `1 row`, `1,250 rows`. */
export const plural = (n: number, one: string, many: string): string => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The words of a problem's field: its label, or "Whole row" for `_`. */
export function fieldWords(field: string): string {
  if (field === '_') return 'Whole row';
  return isEntryField(field) ? FIELD_LABELS[field] : field;
}

/** A column's letter as a spreadsheet shows it (shared with the command line). */
export { columnLetter } from '@shared/import/columns';

/** The date orders a file may use, in words; YYYY-MM-DD is read whatever is chosen. */
export const DATE_ORDER_WORDS: ReadonlyArray<readonly [ScreenDateOrder, string]> = [
  ['DD/MM/YYYY', 'DD/MM/YYYY (or YYYY-MM-DD)'],
  ['MM/DD/YYYY', 'MM/DD/YYYY (or YYYY-MM-DD)'],
  ['YYYY-MM-DD', 'YYYY-MM-DD only'],
];

/** A time still to go, roughly, as a person says it: "about 40 s", "about 3 min", "about 1 h 5 min". */
export function timeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 5) return 'a few seconds';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Rows per second with one decimal below 10. */
export const rateWords = (perSecond: number): string =>
  `${perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString()} rows/s`;

/** A stored ISO time as date and time in this computer's zone. */
export const when = (iso: string): string => moment(iso);

/**
 * Focuses a step's heading when it appears (a stable ref callback: React calls it on mount only),
 * so a keyboard or screen reader user lands where the new step starts.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
