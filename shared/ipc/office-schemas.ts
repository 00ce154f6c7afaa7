// The IPC schemas of office administration (office:*), apart from the channel map that uses them.
import { z } from 'zod';
import { officeJournalSchema } from '../journal/office';

const password = z.string().min(1).max(1000);
const officeRole = z.enum(['clerk', 'supervisor']);
/** A database user name as the office journal's people have them. */
const personName = z
  .string()
  .trim()
  .min(1, 'Enter the person’s user name')
  .max(63)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'Letters, digits and _ . @ -');
const personRef = z.strictObject({ name: personName });

/** Who administers the office journal in this window: its owner's account while signed in (kept in memory only). */
const adminView = z.strictObject({ owner: z.string().nullable() });

export const OFFICE_CONTRACT = {
  /** Sets up or upgrades the office journal with these settings and its owner's password (what `office init` does). */
  'office:setup': {
    request: z.strictObject({ office: officeJournalSchema, password }),
    response: z.strictObject({ message: z.string(), from: z.number().int(), to: z.number().int() }),
  },
  /** Signs in as the office journal's owner for this window (the password is never stored). */
  'office:ownerSignIn': {
    request: z.strictObject({ user: personName, password }),
    response: adminView,
  },
  'office:ownerSignOut': { request: z.strictObject({}), response: adminView },
  /** The journal's people: supervisors and the owner see them; only the owner changes them. */
  'office:people': {
    request: z.strictObject({}),
    response: adminView.extend({
      people: z.array(z.strictObject({ name: z.string(), role: officeRole, canSignIn: z.boolean() })),
    }),
  },
  /** Adds a person (or moves an existing one); without a typed password one is made and shown once. */
  'office:addPerson': {
    request: personRef.extend({
      role: officeRole,
      password: z
        .string()
        .min(12, 'A first password of at least 12 characters (or leave it empty for one made here)')
        .max(1000)
        .optional(),
    }),
    response: z.strictObject({ created: z.boolean(), password: z.string().nullable() }),
  },
  'office:setRole': { request: personRef.extend({ role: officeRole }), response: z.strictObject({}) },
  'office:setSignIn': { request: personRef.extend({ canSignIn: z.boolean() }), response: z.strictObject({}) },
  /** Copies this desk's journal into the office journal (what `office import-local` does). */
  'office:importLocal': {
    request: z.strictObject({}),
    response: z.strictObject({ imported: z.number().int(), skipped: z.number().int() }),
  },
  /** The administration audit, newest first (the owner's to read). */
  'office:audit': {
    request: z.strictObject({}),
    response: z.strictObject({
      lines: z.array(z.strictObject({ at: z.string(), actor: z.string(), action: z.string(), detail: z.string() })),
    }),
  },
} as const;
