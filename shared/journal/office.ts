import { z } from 'zod';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for a host on this computer (TLS may be off only there). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

/** How a desk reaches the office database (the password is kept in the OS keychain, never here). */
export const officeJournalSchema = z
  .strictObject({
    host: z
      .string()
      .trim()
      .min(1, 'Enter the database server')
      .max(253)
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'Letters, digits, dots, hyphens (or an IP address)'),
    port: z.coerce.number().int('A whole number').min(1).max(65535).default(5432),
    database: z
      .string()
      .trim()
      .min(1, 'Enter the database name')
      .max(63)
      .regex(/^[A-Za-z0-9_$-]+$/, 'Letters, digits, _ and -'),
    user: z
      .string()
      .trim()
      .min(1, 'Enter your database user')
      .max(63)
      .regex(/^[A-Za-z0-9_.@-]+$/, 'Letters, digits and _ . @ -'),
    /** `require`: encrypted; `verify-full`: encrypted and the server checked against the CA file; `off`: this computer only. */
    tls: z.enum(['require', 'verify-full', 'off']).default('verify-full'),
    caFile: z.string().max(1000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tls === 'verify-full' && !value.caFile) {
      ctx.addIssue({
        code: 'custom',
        path: ['caFile'],
        message: 'Choose the CA file the server certificate is checked against',
      });
    }
    if (value.tls === 'off' && !isLoopbackHost(value.host)) {
      ctx.addIssue({ code: 'custom', path: ['tls'], message: 'TLS can be off only for a database on this computer' });
    }
  });
export type OfficeJournal = z.infer<typeof officeJournalSchema>;

/** Where this desk's journal lives. */
export const journalSettingsSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('local') }),
  z.strictObject({ kind: z.literal('office'), office: officeJournalSchema }),
]);
export type JournalSettings = z.infer<typeof journalSettingsSchema>;

/** The keychain key of an office database password: bound to the user, server and database. */
export function officeKey(office: Pick<OfficeJournal, 'user' | 'host' | 'port' | 'database'>): string {
  return `${office.user}@${office.host}:${office.port}/${office.database}`;
}
