import { fieldKind, type EntryField } from '../entry/fields';

/** An amount as a number, currency signs, thousands separators and spaces aside; NaN when it is none. */
const amount = (text: string) => Number(text.replace(/[£$€,\s]/g, ''));

/**
 * Whether a value the import sends otherwise than the file writes it is only written the
 * service's way: the same amount ("100" → "100.00", "£1,234.5" → "1234.50"), the same whole number
 * ("03" → "3"), or a date in the wire's form (read in the order chosen for the file). Such changes
 * are counted in one line, not listed.
 */
export function onlyFormat(field: EntryField, file: string, sent: string): boolean {
  const kind = fieldKind(field);
  if (kind === 'money' || kind === 'integer') return sent !== '' && amount(file) === Number(sent);
  // A spreadsheet's day number read as a date is listed: 46357 does not look like the date it is.
  return kind === 'date' && file.trim() !== '' && sent !== '' && dateOfSerial(file) === undefined;
}

/** Spaces at the start and end of a value made visible as ␣ ("␣Smith␣"), so a trimmed value never looks unchanged. */
export function edgeSpaces(value: string): string {
  const lead = /^ */.exec(value)![0].length;
  const trail = lead === value.length ? 0 : / *$/.exec(value)![0].length;
  return '␣'.repeat(lead) + value.slice(lead, value.length - trail) + '␣'.repeat(trail);
}

/** A date followed by a time of day (ISO 8601 `T` or a space; seconds, fraction, AM/PM and offset optional). */
const DATE_TIME =
  /^\s*(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?\s*$/;

/**
 * The date of a value that is a date with a time of day ("2026-11-01 10:00", "2026-11-01T10:00:00Z",
 * "01/11/2026 10:00 AM"), as a file holds it: the service takes dates only, so the time is not sent.
 * Undefined for any other value.
 */
export function dateOfDateTime(value: string): string | undefined {
  return DATE_TIME.exec(value)?.[1];
}

/** A spreadsheet's day number: five digits, and a fraction when it holds a time of day. */
const SERIAL = /^\s*(\d{5})(?:\.\d+)?\s*$/;

/**
 * The date, as YYYY-MM-DD, of a spreadsheet's day number (a date cell that lost its date format:
 * 46357 is 1 December 2026; 46357.42 the same day at 10:04), counted as spreadsheets count from
 * 30 December 1899. Only day numbers of five digits (1927 to 2173) are read: any other number is
 * no date. Undefined for any other value.
 */
export function dateOfSerial(value: string): string | undefined {
  const day = SERIAL.exec(value)?.[1];
  return day === undefined
    ? undefined
    : new Date(Date.UTC(1899, 11, 30) + Number(day) * 86_400_000).toISOString().slice(0, 10);
}
