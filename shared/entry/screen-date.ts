import type { FieldCheck } from './normalise';
import { formatDate } from './wire';
import type { DateFormat } from '../profile/schema';

/**
 * The order a person types dates in on screen (an app preference, DD/MM/YYYY by default). It is
 * independent of a profile's wire format: the form turns what was typed into YYYY-MM-DD.
 */
export type ScreenDateOrder = DateFormat;

/** The screen orders a person can choose, the default first. */
export const SCREEN_DATE_ORDERS: readonly ScreenDateOrder[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];

/** The default screen order (product brief). */
export const DEFAULT_SCREEN_DATE_ORDER: ScreenDateOrder = 'DD/MM/YYYY';

type Part = 'day' | 'month' | 'year';

const PARTS: Record<ScreenDateOrder, readonly [Part, Part, Part]> = {
  'DD/MM/YYYY': ['day', 'month', 'year'],
  'MM/DD/YYYY': ['month', 'day', 'year'],
  'YYYY-MM-DD': ['year', 'month', 'day'],
};

const WIDTH: Record<Part, number> = { day: 2, month: 2, year: 4 };
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const EXAMPLE_ISO = '2026-02-11';
const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

/**
 * The year a person probably meant by a one- or two-digit year: this century's, unless that is
 * more than 20 years ahead (then the last century's): 25 → 2025, 85 → 1985.
 */
export function probableYear(short: string, now = new Date()): number {
  const year = 2000 + Number(short);
  return year > now.getFullYear() + 20 ? year - 100 : year;
}

/** An example date written in the given order, for hints and messages: 11/02/2026. */
export function exampleDate(order: ScreenDateOrder): string {
  return formatDate(EXAMPLE_ISO, order);
}

/** Writes a YYYY-MM-DD date the way the screen shows dates. */
export function formatScreenDate(iso: string, order: ScreenDateOrder): string {
  return formatDate(iso, order);
}

const fail = (message: string): FieldCheck => ({ ok: false, message });

/** Splits typed text into day, month and year pieces, by separators or, with none, by the order's widths. */
function pieces(text: string, order: ScreenDateOrder): string[] | undefined {
  if (/[^\d]/.test(text)) return text.split(/[\s./-]+/).filter(Boolean);
  const widths = PARTS[order].map((p) => WIDTH[p]);
  if (text.length !== 8) return text.length === 6 || text.length === 4 ? pieces6or4(text, widths) : undefined;
  let at = 0;
  return widths.map((w) => text.slice(at, (at += w)));
}

/** Year first: six digits are year and month, four a year. Otherwise six digits end in a two-digit year, four have none. */
function pieces6or4(text: string, widths: number[]): string[] {
  if (widths[0] === 4) return text.length === 4 ? [text] : [text.slice(0, 4), text.slice(4)];
  return text.length === 4 ? [text.slice(0, 2), text.slice(2)] : [text.slice(0, 2), text.slice(2, 4), text.slice(4)];
}

/**
 * Reads a date typed in the screen order, with or without separators (`11/02/2026`, `11-2-2026`,
 * `11 02 2026`, `11022026`), or written year first (`2026-02-11`, unambiguous in any order).
 * Gives YYYY-MM-DD, or a message saying what is missing or wrong: never a guessed century,
 * never a silently dropped part.
 */
export function parseScreenDate(raw: string, order: ScreenDateOrder): FieldCheck {
  const text = raw.trim();
  const example = exampleDate(order);
  const asShown = `Enter the date as ${order}`;
  if (text === '') return { ok: true, value: '' };
  if (/[^\d\s./-]/.test(text)) return fail(asShown);
  const found = pieces(text, order);
  if (!found || found.length > 3 || found.some((p) => p.length > 4)) return fail(asShown);
  const yearFirst = found.length === 3 && found[0]?.length === 4;
  const parts = yearFirst ? PARTS['YYYY-MM-DD'] : PARTS[order];
  if (found.length < 3) {
    const noYear = found.length === 2 && found.every((p) => p.length <= 2);
    return fail(noYear ? `Include the year: ${example}` : `Enter the day, month and year: ${example}`);
  }
  const value: Record<Part, string> = { day: '', month: '', year: '' };
  parts.forEach((part, i) => (value[part] = found[i] ?? ''));
  if (value.year.length !== 4) {
    return value.year.length <= 2
      ? fail(`Write the year in full, for example ${probableYear(value.year)}`)
      : fail(asShown);
  }
  if (value.day.length > 2 || value.month.length > 2) return fail(asShown);
  const [year, month, day] = [Number(value.year), Number(value.month), Number(value.day)];
  if (year < MIN_YEAR || year > MAX_YEAR) return fail(`The year must be ${MIN_YEAR} to ${MAX_YEAR}`);
  if (month < 1 || month > 12) return fail('The month must be 1 to 12');
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return fail(`${MONTHS[month - 1]} ${year} has only ${days} days`);
  return { ok: true, value: `${value.year}-${value.month.padStart(2, '0')}-${value.day.padStart(2, '0')}` };
}
