import { DEFAULT_REQUIRED, defaultMaxLength, fieldKind, type EntryField, type FieldKind } from './fields';
import { cleanText, normaliseByKind, type FieldCheck } from './normalise';
import { requiredMessage, tooLongMessage } from './messages';
import { parseScreenDate, type ScreenDateOrder } from './screen-date';
import type { Profile } from '../profile/schema';

// One field's check, without zod: the New entry form validates through it alone (its chunk carries
// no schema library); schema.ts builds the entry schema files, the CLI and IPC use from it.

/** The part of a profile that decides how entries are validated. */
export type EntryRules = Pick<Profile, 'fieldRules' | 'postcodeCheck'>;

/** The effective rule of one field under a profile. */
export interface FieldRule {
  required: boolean;
  maxLength: number;
}

/** Raw entry input: any subset of the fields, as text (numbers allowed for the numeric fields). */
export type EntryInput = Partial<Record<EntryField, string | number>>;

/** The effective required flag and maximum length of a field under the given rules. */
export function ruleFor(field: EntryField, rules: EntryRules): FieldRule {
  const override = rules.fieldRules[field] ?? {};
  return {
    required: override.required ?? DEFAULT_REQUIRED.includes(field),
    maxLength: override.maxLength ?? defaultMaxLength(field),
  };
}

/**
 * How input is read besides the profile's rules. Files, the CLI and IPC take dates as YYYY-MM-DD
 * (no options); the New entry form passes the screen order its date fields are typed in.
 */
export interface EntryReadOptions {
  dateOrder?: ScreenDateOrder;
}

/** Checks one field's raw value exactly as the form, CSV import and CLI do. */
export function checkField(
  field: EntryField,
  raw: unknown,
  rules: EntryRules,
  options: EntryReadOptions = {},
): FieldCheck {
  return fieldChecker(field, rules, options)(raw);
}

/** checkField for one field and set of rules, its kind and rule looked up once (a schema checks many rows). */
export function fieldChecker(
  field: EntryField,
  rules: EntryRules,
  options: EntryReadOptions,
): (raw: unknown) => FieldCheck {
  const kind = fieldKind(field);
  const rule = ruleFor(field, rules);
  return (raw) => checkWith(field, kind, rule, raw, rules.postcodeCheck, options);
}

function checkWith(
  field: EntryField,
  kind: FieldKind,
  rule: FieldRule,
  raw: unknown,
  postcodeCheck: boolean,
  options: EntryReadOptions,
): FieldCheck {
  const numeric = kind === 'integer' || kind === 'money';
  let text: string;
  if (raw === undefined || raw === null) text = '';
  else if (typeof raw === 'string') text = raw;
  else if (numeric && typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else return { ok: false, message: 'Must be text' };

  const cleaned: FieldCheck = text === '' ? { ok: true, value: '' } : cleanText(text, kind === 'longtext');
  if (!cleaned.ok) return cleaned;
  if (cleaned.value === '') return rule.required ? { ok: false, message: requiredMessage(field) } : cleaned;
  const normal =
    kind === 'date' && options.dateOrder
      ? parseScreenDate(cleaned.value, options.dateOrder)
      : normaliseByKind(kind, cleaned.value, postcodeCheck);
  // Counted in characters, not UTF-16 units; a value no longer in units than the limit cannot be over it.
  const length = normal.ok && normal.value.length > rule.maxLength ? [...normal.value].length : 0;
  if (length > rule.maxLength) return { ok: false, message: tooLongMessage(rule.maxLength, length) };
  return normal;
}
