import { z } from 'zod';
import { checkField, issuesToFields, type EntryRules, type FieldErrors } from './schema';
import { cleanText, checkIsoDate } from './normalise';
import { tooLongMessage } from './messages';
import { formatDate, type WirePart } from './wire';
import type { CancellationField, Profile } from '../profile/schema';

/** A validated cancellation request, every default field present as text. */
export type Cancellation = Record<CancellationField, string>;

const text = (max: number, required: string | false) =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx): string => {
      const cleaned = typeof raw === 'string' ? cleanText(raw, true) : { ok: false as const, message: 'Must be text' };
      if (!cleaned.ok) ctx.addIssue({ code: 'custom', message: cleaned.message });
      else if (required && !cleaned.value) ctx.addIssue({ code: 'custom', message: required });
      else if ([...cleaned.value].length > max) {
        ctx.addIssue({ code: 'custom', message: tooLongMessage(max, [...cleaned.value].length) });
      } else return cleaned.value;
      return z.NEVER;
    });

const entryField = (field: 'account_code' | 'reference' | 'policy', rules: EntryRules) =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx): string => {
      const result = checkField(field, raw, rules);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });

/** Builds the cancellation schema: recordid of the original entry, date and reason required. */
export function buildCancellationSchema(rules: EntryRules) {
  return z.strictObject({
    recordid: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,14}$/, 'Enter the record id of the original entry'),
      ),
    account_code: entryField('account_code', rules),
    reference: entryField('reference', rules),
    policy: entryField('policy', rules),
    cancellation_date: z
      .unknown()
      .optional()
      .transform((raw, ctx): string => {
        const result =
          typeof raw === 'string' && raw
            ? checkIsoDate(raw.trim())
            : { ok: false as const, message: 'Enter the cancellation date' };
        if (result.ok) return result.value;
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }),
    reason: text(500, 'Enter the reason for the cancellation'),
  });
}

/** Validates raw input into a Cancellation, or per-field messages. */
export function parseCancellation(
  input: unknown,
  rules: EntryRules,
): { ok: true; cancellation: Cancellation } | { ok: false; fields: FieldErrors } {
  const result = buildCancellationSchema(rules).safeParse(input);
  if (result.success) return { ok: true, cancellation: result.data };
  return { ok: false, fields: issuesToFields(result.error.issues) };
}

/** Encodes a cancellation as the profile's configured parts, dates in the wire format. */
export function encodeCancellation(c: Cancellation, profile: Pick<Profile, 'dateFormat' | 'cancellation'>): WirePart[] {
  return profile.cancellation.fields.map((name) => {
    const value = name === 'cancellation_date' ? formatDate(c[name], profile.dateFormat) : c[name];
    return [name, value] as const;
  });
}
