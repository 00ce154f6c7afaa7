// zod/mini: tree-shakable, so a renderer chunk carries only the parts this schema uses.
import * as z from 'zod/mini';
import { ENTRY_FIELDS, type Entry, type EntryField } from './fields';
import { fieldChecker, type EntryReadOptions, type EntryRules } from './check';

export { checkField, ruleFor, type EntryInput, type EntryReadOptions, type EntryRules, type FieldRule } from './check';
export type { Entry };

function fieldSchema(field: EntryField, rules: EntryRules, options: EntryReadOptions) {
  const check = fieldChecker(field, rules, options);
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((raw, ctx): string => {
      const result = check(raw);
      if (result.ok) return result.value;
      ctx.issues.push({ code: 'custom', message: result.message, input: raw });
      return z.NEVER;
    }),
  );
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
