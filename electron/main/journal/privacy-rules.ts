import { isPersonalField, PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import { FIELD_NAME, isDefaultCancellationField } from '@shared/profile/cancellation-fields';
import { eraseReasonSchema, RETENTION_MAX_DAYS, retentionDaysSchema } from '@shared/journal/privacy';

// How the journal on this computer removes a person's details and checks its arguments (the office
// database does the same in its functions, postgres/schema/functions/).

/**
 * The payload with its personal fields' values blanked (and those of `extra`, a cancellation's
 * fields marked personal): the keys stay (in order), so the row still reads and encodes as an
 * entry (its detail, its wire parts, a correction's form).
 */
export function blankPersonal(payload: Record<string, string>, extra: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [key, isPersonalField(key) || extra.includes(key) ? '' : value]),
  );
}

/** The values of a payload's personal fields (and of `extra`), as scrubText takes them. */
export const personalValues = (payload: Record<string, string>, extra: readonly string[] = []): string[] =>
  [...PERSONAL_FIELDS, ...extra].map((field) => payload[field] ?? '');

/** The fields of `extra` a cancellation may lose: extra fields' names only, never one of its six default fields. */
export const personalExtraFields = (extra: readonly string[]): string[] =>
  extra.filter((name) => FIELD_NAME.test(name) && !isDefaultCancellationField(name));

/**
 * The payload hash of a row whose personal details were removed: never a hash (64 hex digits), so
 * it matches no submission's and confirms no guess at the person's details.
 */
export const REMOVED_HASH = 'removed';

/**
 * A text (the service's message, a note, an erasure's reason) with the row's personal values (two
 * characters or more, trimmed, longest first) replaced by [removed] where they stand as words of
 * their own ("Dr" in "Dr Oduya", not in "withdraw"), whatever their case.
 */
export function scrubText(text: string, values: readonly string[]): string {
  let out = text;
  const kept = values.map((value) => value.trim()).filter((value) => value.length >= 2);
  for (const value of kept.sort((a, b) => b.length - a.length)) {
    // Most texts hold none of the values: a plain search first (in either case, as the pattern's
    // case folding may map a letter either way), the pattern compiled only for a text that may match.
    if (!mayHold(out, value)) continue;
    out = out.replace(wordPattern(value), '[removed]');
  }
  return out;
}

const mayHold = (text: string, value: string) =>
  text.toLowerCase().includes(value.toLowerCase()) || text.toUpperCase().includes(value.toUpperCase());

/** A value as a word of its own, any case; the last few compiled are kept (an export scrubs row after row). */
const patterns = new Map<string, RegExp>();
function wordPattern(value: string): RegExp {
  let pattern = patterns.get(value);
  if (!pattern) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu');
    if (patterns.size >= 256) patterns.delete(patterns.keys().next().value!);
    patterns.set(value, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** An erasure's reason, trimmed; a blank or overlong one is refused in plain words. */
export function checkReason(reason: string): string {
  const checked = eraseReasonSchema.safeParse(reason);
  if (!checked.success)
    throw new RangeError(`An erasure needs a reason of 1 to 500 characters (it is kept in the history)`);
  return checked.data;
}

/** A retention rule: whole days from 1 to 36,500, or null (kept). */
export function checkRetentionDays(days: number | null): number | null {
  if (!retentionDaysSchema.safeParse(days).success) {
    throw new RangeError(`Retention is a whole number of days from 1 to ${RETENTION_MAX_DAYS}, or off`);
  }
  return days;
}

/** The age a purge on demand removes from: whole days from 0 (every settled row) to 36,500. */
export function checkPurgeDays(days: number): number {
  if (!Number.isSafeInteger(days) || days < 0 || days > RETENTION_MAX_DAYS) {
    throw new RangeError(`--older-than is a whole number of days from 0 to ${RETENTION_MAX_DAYS}`);
  }
  return days;
}
