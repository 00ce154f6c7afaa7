import { z } from 'zod';
import {
  DEFAULT_REQUIRED,
  ENTRY_FIELDS,
  defaultMaxLength,
  fieldKind,
  type Entry,
  type EntryField,
  type FieldKind,
} from './fields';
import { cleanText, normaliseByKind, type FieldCheck } from './normalise';
import { requiredMessage, tooLongMessage } from './messages';
import { parseScreenDate, type ScreenDateOrder } from './screen-date';
import type { Profile } from '../profile/schema';

/** The part of a profile that decides how entries are validated. */
export type EntryRules = Pick<Profile, 'fieldRules' | 'postcodeCheck'>;

/** The effective rule of one field under a profile. */
export interface FieldRule {
  required: boolean;
  maxLength: number;
}

export type { Entry };

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
function fieldChecker(field: EntryField, rules: EntryRules, options: EntryReadOptions): (raw: unknown) => FieldCheck {
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

function fieldSchema(field: EntryField, rules: EntryRules, options: EntryReadOptions) {
  const check = fieldChecker(field, rules, options);
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): string => {
      const result = check(raw);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });
}

/**
 * Builds the entry schema for a profile: unknown keys rejected, every field normalised, dates
 * given as YYYY-MM-DD (or, for the form, typed in `options.dateOrder`) and always put out as YYYY-MM-DD.
 */
export function buildEntrySchema(rules: EntryRules, options: EntryReadOptions = {}) {
  const shape = Object.fromEntries(ENTRY_FIELDS.map((f) => [f, fieldSchema(f, rules, options)])) as Record<
    EntryField,
    ReturnType<typeof fieldSchema>
  >;
  return z.strictObject(shape);
}

/** Field-level errors keyed by field name (or `_` for errors not tied to a field). */
export type FieldErrors = Record<string, string>;

/** An entry schema built for one set of rules. */
export type EntrySchema = ReturnType<typeof buildEntrySchema>;

/**
 * Validates raw input into an Entry, or returns the first message for each bad field. Pass a
 * cache when validating many entries: schemas are then built once per distinct set of rules.
 */
export function parseEntry(
  input: unknown,
  rules: EntryRules,
  cache?: Map<string, EntrySchema>,
): { ok: true; entry: Entry } | { ok: false; fields: FieldErrors } {
  let schema: EntrySchema | undefined;
  if (cache) {
    const key = JSON.stringify([rules.fieldRules, rules.postcodeCheck]);
    schema = cache.get(key);
    if (!schema) cache.set(key, (schema = buildEntrySchema(rules)));
  }
  const result = (schema ?? buildEntrySchema(rules)).safeParse(input);
  if (result.success) return { ok: true, entry: result.data };
  return { ok: false, fields: issuesToFields(result.error.issues) };
}

/** Turns zod issues into one message per field, naming unknown keys too. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'Unknown field';
      continue;
    }
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
