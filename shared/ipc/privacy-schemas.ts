// The IPC schemas of a person's data and retention (privacy:*), apart from the channel map that uses them.
import { z } from 'zod';
import { JOURNAL_STATES, SUBMISSION_KINDS } from '../journal/types';
import { eraseReasonSchema, PERSON_IDS_LIMIT, personQuerySchema, retentionDaysSchema } from '../journal/privacy';

const ids = z.array(z.number().int().min(1)).min(1, 'Choose at least one row').max(PERSON_IDS_LIMIT);

/** One submission found for a person: what tells the rows apart, with the details that matched. */
const personRowSchema = z.strictObject({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(SUBMISSION_KINDS),
  state: z.enum(JOURNAL_STATES),
  recordid: z.number().int().nullable(),
  reference: z.string(),
  policy: z.string(),
  profile: z.string(),
  surname: z.string(),
  postcode: z.string(),
  email: z.string(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

/** The journal's retention rule, and whether the person signed in may change it. */
const retentionViewSchema = z.strictObject({
  days: z.number().int().nullable(),
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
  mayChange: z.boolean(),
});
export type RetentionView = z.infer<typeof retentionViewSchema>;

export const PRIVACY_CONTRACT = {
  /** Every submission about one person (supervisors; the office database refuses clerks). */
  'privacy:find': { request: personQuerySchema, response: z.strictObject({ rows: z.array(personRowSchema) }) },
  /** Those submissions as sent, to a CSV or JSON file the person picks (null: cancelled). */
  'privacy:export': {
    request: z.strictObject({ ids, format: z.enum(['csv', 'json']) }),
    response: z.strictObject({ path: z.string().nullable(), rows: z.number().int() }),
  },
  /** Removes those settled submissions' personal fields now, with the reason in each history. */
  'privacy:erase': {
    request: z.strictObject({ ids, reason: eraseReasonSchema }),
    response: z.strictObject({ erased: z.number().int() }),
  },
  'privacy:retention': { request: z.strictObject({}), response: retentionViewSchema },
  /** Sets how long personal details of settled rows are kept (days, or null: kept). */
  'privacy:setRetention': { request: z.strictObject({ days: retentionDaysSchema }), response: retentionViewSchema },
  /** Applies the retention now; how many rows lost their personal details. */
  'privacy:purge': { request: z.strictObject({}), response: z.strictObject({ removed: z.number().int() }) },
} as const;
