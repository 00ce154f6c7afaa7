import { z } from 'zod';
import type { JournalState } from './types';

/**
 * The states a row ends in: only these lose personal details (retention, erasure). Queued,
 * sending, failed and unknown rows may still be sent, so they are never touched.
 */
export const SETTLED_STATES = [
  'accepted',
  'rejected',
  'discarded',
  'superseded',
] as const satisfies readonly JournalState[];

/** Whether a row's state is final (its personal details may be removed). */
export const isSettled = (state: JournalState): boolean => (SETTLED_STATES as readonly string[]).includes(state);

/** The longest retention rule (a hundred years) and the most rows one person's search returns. */
export const RETENTION_MAX_DAYS = 36_500;
export const PERSON_ROWS_LIMIT = 1000;
/** The most rows one export or erasure names. */
export const PERSON_IDS_LIMIT = 1000;

/** A retention rule in days (1 to 100 years), or null: kept. */
export const retentionDaysSchema = z
  .number()
  .int('A whole number of days')
  .min(1, 'At least 1 day')
  .max(RETENTION_MAX_DAYS, `At most ${RETENTION_MAX_DAYS} days`)
  .nullable();

/** Whom an access or erasure request is about: an e-mail address, or a surname with a postcode. */
export const personQuerySchema = z.union([
  z.strictObject({
    email: z
      .string()
      .trim()
      .min(3, 'Enter the e-mail address')
      .max(254)
      .includes('@', { message: 'Not an e-mail address' }),
  }),
  z.strictObject({
    surname: z.string().trim().min(1, 'Enter the surname').max(100),
    postcode: z.string().trim().min(1, 'Enter the postcode').max(20),
  }),
]);
export type PersonQuery = z.infer<typeof personQuerySchema>;

/** The reason recorded with an erasure. */
export const eraseReasonSchema = z.string().trim().min(1, 'Give the reason (it is kept in the history)').max(500);

/** How a surname or postcode is compared: lower case, every space removed ("AB1 2CD" = "ab12cd"). */
export const personKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

/** The history note of a removal under a retention rule. */
export const retentionNote = (days: number): string => `personal details removed under the ${days}-day rule`;

/** The history note of an erasure. */
export const erasureNote = (reason: string): string => `personal details erased: ${reason}`;

/** Who may find, export and erase a person's data and set retention: supervisors, the owner, a desk on its own. */
export const mayHandlePersonalData = (role: 'local' | 'clerk' | 'supervisor' | 'owner'): boolean => role !== 'clerk';
