import { z } from 'zod';
import { checkField, issuesToFields, type EntryRules, type FieldErrors } from './schema';
import { checkIsoDate, cleanText, normaliseInteger, normaliseMoney, type FieldCheck } from './normalise';
import { tooLongMessage } from './messages';
import { formatDate, type WirePart } from './wire';
import type { Profile } from '../profile/schema';
import type { CancellationFieldDef } from '../profile/cancellation-fields';

/** A validated cancellation request: each field of the profile's set that is sent, as text (dates ISO). */
export type Cancellation = Record<string, string>;

/** What the run-time schema needs of a profile: its field set and the entry rules the shared fields follow. */
export type CancellationRules = EntryRules & Pick<Profile, 'cancellation'>;

/** The entry fields a cancellation shares: checked exactly as New entry checks them. */
const SHARED_WITH_ENTRY = ['account_code', 'reference', 'policy'] as const;

/** The New entry field a cancellation field is checked as (its rules, its limit), if it is one of those shared. */
export function entryFieldOf(name: string): (typeof SHARED_WITH_ENTRY)[number] | undefined {
  return SHARED_WITH_ENTRY.find((f) => f === name);
}

/** One value of a field, by its type, with the same format functions as the entry form. */
function checkValue(field: CancellationFieldDef, text: string, rules: EntryRules): FieldCheck {
  const shared = entryFieldOf(field.name);
  if (shared) return checkField(shared, text, rules);
  if (field.name === 'recordid') {
    return /^[1-9]\d{0,14}$/.test(text)
      ? { ok: true, value: text }
      : { ok: false, message: 'Enter the record id of the original entry' };
  }
  switch (field.type) {
    case 'date':
      return checkIsoDate(text);
    case 'integer':
      return normaliseInteger(text);
    case 'money':
      return normaliseMoney(text);
    case 'choice':
      return field.options?.includes(text)
        ? { ok: true, value: text }
        : { ok: false, message: `Choose one of: ${(field.options ?? []).join(', ')}` };
    case 'text': {
      const cleaned = cleanText(text, field.name === 'reason');
      if (cleaned.ok && field.maxLength && [...cleaned.value].length > field.maxLength) {
        return { ok: false, message: tooLongMessage(field.maxLength, [...cleaned.value].length) };
      }
      return cleaned;
    }
  }
}

/** The field's schema: optional text, required when the definition says so, then checked by type. */
function fieldSchema(field: CancellationFieldDef, rules: EntryRules) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): string => {
      const text = typeof raw === 'number' ? String(raw) : raw;
      if (text !== undefined && typeof text !== 'string') {
        ctx.addIssue({ code: 'custom', message: 'Must be text' });
        return z.NEVER;
      }
      if (!text?.trim()) {
        if (field.required) ctx.addIssue({ code: 'custom', message: `Enter the ${field.label.toLowerCase()}` });
        return '';
      }
      const checked = checkValue(field, text.trim(), rules);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    });
}

/**
 * The cancellation form's schema, built at run time from the profile's field set: one key per
 * field that is sent (fields left out on the wire are not asked for), unknown keys refused.
 * recordid is always kept, even when not sent: it links the request to the original entry.
 */
export function buildCancellationSchema(rules: CancellationRules) {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = {};
  for (const field of rules.cancellation.fields) {
    if (field.wire !== null || field.name === 'recordid') shape[field.name] = fieldSchema(field, rules);
  }
  return z.strictObject(shape);
}

/** Validates raw input into a Cancellation, or per-field messages. */
export function parseCancellation(
  input: unknown,
  rules: CancellationRules,
): { ok: true; cancellation: Cancellation } | { ok: false; fields: FieldErrors } {
  const result = buildCancellationSchema(rules).safeParse(input);
  if (result.success) return { ok: true, cancellation: result.data };
  return { ok: false, fields: issuesToFields(result.error.issues) };
}

/** Encodes a cancellation under the profile's wire names (fields left out are not sent), dates in the wire format. */
export function encodeCancellation(
  c: Cancellation,
  profile: Pick<Profile, 'dateFormat' | 'blankMode' | 'cancellation'>,
): WirePart[] {
  return profile.cancellation.fields.flatMap((field): WirePart[] => {
    if (field.wire === null) return [];
    const value = c[field.name] ?? '';
    if (value === '' && profile.blankMode === 'omit') return [];
    return [[field.wire, field.type === 'date' && value ? formatDate(value, profile.dateFormat) : value]];
  });
}
