import { JOURNAL_STATES, type JournalState } from '@shared/journal/types';
import { CliFailure } from './output';

/*
 * Parsers for option values, given to commander's argParser: a bad value stops the command
 * before anything is opened, with one plain line and exit status 2.
 */

/** A calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function calendarDate(option: string) {
  return (value: string): string => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const [year, month, day] = match ? match.slice(1).map(Number) : [];
    const date = match ? new Date(Date.UTC(year!, month! - 1, day!)) : undefined;
    if (!date || date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) {
      throw new CliFailure(`${option} takes a date on the calendar as YYYY-MM-DD; ${value} is not one`);
    }
    return value;
  };
}

/** A whole number within bounds. */
export function wholeNumber(option: string, min: number, max: number) {
  return (value: string): number => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new CliFailure(`${option} takes a whole number from ${min} to ${max}; not ${value}`);
    }
    return n;
  };
}

/** A number of seconds (fractions allowed), at most a day. */
export function seconds(option: string) {
  return (value: string): number => {
    const n = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(n) || n > 86_400) throw new CliFailure(`${option} takes a number of seconds (0 to 86400)`);
    return n;
  };
}

/** One of a fixed list of words. */
export function oneOf<T extends string>(option: string, choices: readonly T[]) {
  return (value: string): T => {
    const found = choices.find((c) => c === value);
    if (!found) throw new CliFailure(`${option} takes ${choices.join(', ')}; not ${value}`);
    return found;
  };
}

/** Journal states, repeatable (`--state failed unknown` or `--state failed --state unknown`). */
export function journalState(value: string, previous: JournalState[] | undefined): JournalState[] {
  const state = oneOf('--state', JOURNAL_STATES)(value);
  return [...(previous ?? []), state];
}

/** Free text with a length limit. */
export function text(option: string, max: number) {
  return (value: string): string => {
    if ([...value].length > max) throw new CliFailure(`${option} takes at most ${max} characters`);
    return value;
  };
}

/** Repeatable option collecting every value given. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
