import { z } from 'zod';
import { cancellationFieldsSchema, DEFAULT_CANCELLATION_FIELDS } from './cancellation-fields';
import { ENTRY_FIELDS, type EntryField } from '../entry/fields';
import { baseUrlProblem } from './base-url';
import { PROFILE_COLOURS } from './colours';

/** Wire formats for purchase_date and delivery_date. */
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export { CANCELLATION_FIELDS, type CancellationField } from './cancellation-fields';

/** The name of the profile that always exists and points at the built-in sandbox. */
export const SANDBOX_PROFILE = 'Sandbox';

// In a module of their own (no zod): the app's shell wears them before any schema is needed.
export { PROFILE_COLOURS, DEFAULT_PROFILE_COLOUR, type ProfileColour } from './colours';

const fieldRule = z.strictObject({
  required: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(10_000).optional(),
});
/** A profile's override of one field's rule; unset parts fall back to the defaults. */
export type FieldRuleOverride = z.infer<typeof fieldRule>;

const fieldRules = z
  .record(z.string(), fieldRule)
  .refine((rules) => Object.keys(rules).every((k) => (ENTRY_FIELDS as readonly string[]).includes(k)), {
    message: 'Field rules name an unknown field',
  })
  .transform((rules) => rules as Partial<Record<EntryField, FieldRuleOverride>>);

const profileName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(60, 'At most 60 characters')
  .regex(/^[\p{L}\p{N} ._-]+$/u, 'Use letters, digits, spaces, dot, dash or underscore');

/** A connection profile without secrets: what is stored in profiles.json and exported. */
export const profileSchema = z.strictObject({
  name: profileName,
  baseUrl: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = baseUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The colour of the profile's band; the Sandbox has none. */
  colour: z.enum(PROFILE_COLOURS).optional(),
  dateFormat: z.enum(DATE_FORMATS).default('YYYY-MM-DD'),
  blankMode: z.enum(['send', 'omit']).default('send'),
  postcodeCheck: z.boolean().default(true),
  fieldRules: fieldRules.default({}),
  cancellation: z
    .strictObject({
      path: z
        .string()
        .regex(/^\/[A-Za-z0-9/_.-]*$/, 'Path must start with / and hold only URL-safe characters')
        .nullable()
        .default(null),
      fields: cancellationFieldsSchema.default([...DEFAULT_CANCELLATION_FIELDS]),
    })
    .default({ path: null, fields: [...DEFAULT_CANCELLATION_FIELDS] }),
  requestTimeoutMs: z.number().int().min(1000).max(300_000).default(30_000),
  concurrency: z.number().int().min(1).max(32).default(4),
  /** Bulk import: the column → field choices a person made, by normalised header name, remembered for next time. */
  importColumns: z
    .record(z.string().max(200), z.enum(ENTRY_FIELDS).nullable())
    .refine((r) => Object.keys(r).length <= 200, 'At most 200 remembered columns')
    .optional(),
});

/** A validated connection profile (all defaults applied). */
export type Profile = z.infer<typeof profileSchema>;
/** A profile as typed by a person or read from a file, before defaults are applied. */
export type ProfileInput = z.input<typeof profileSchema>;

/** The stored file: every profile plus which one is in use. */
export interface ProfilesFile {
  version: 1;
  active: string;
  profiles: Profile[];
}
