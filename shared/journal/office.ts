import { z } from 'zod';

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

/** True for a host on this computer: localhost, ::1 or 127.0.0.0/8 (TLS may be off only there). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (LOOPBACK_NAMES.has(name)) return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** The TLS a host gets when nothing says otherwise: `verify-full`, or off for a database on this computer. */
export function defaultTls(host: string): OfficeJournal['tls'] {
  return isLoopbackHost(host) ? 'off' : 'verify-full';
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
    /**
     * `verify-full`: encrypted, and the server's certificate checked (signed by the CA file, else by
     * a CA the system trusts, and issued for this host name) before the password is sent;
     * `off`: only for a database on this computer.
     */
    tls: z.enum(['verify-full', 'off']).default('verify-full'),
    /** The CA certificate (PEM) the server's is checked against; without it, the system's trusted CAs. */
    caFile: z.string().max(1000).optional(),
    /**
     * More servers of the same database, tried in order after host:port (a standby a failover may
     * promote): the desk keeps the first that takes writes.
     */
    servers: z
      .array(
        z.strictObject({
          host: z
            .string()
            .trim()
            .min(1)
            .max(253)
            .regex(/^[A-Za-z0-9.:[\]-]+$/, 'Letters, digits, dots, hyphens (or an IP address)'),
          port: z.coerce.number().int('A whole number').min(1).max(65535).default(5432),
        }),
      )
      .max(8)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tls === 'off' && ![value.host, ...(value.servers ?? []).map((s) => s.host)].every(isLoopbackHost)) {
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

/** "user@host:port/database": the office database and who signs in to it, for people to read. */
export function officeLabel(office: Pick<OfficeJournal, 'user' | 'host' | 'port' | 'database' | 'servers'>): string {
  const more = (office.servers ?? []).map((s) => `,${s.host}:${s.port}`).join('');
  return `${office.user}@${office.host}:${office.port}${more}/${office.database}`;
}

/**
 * What an office database password is bound to: the user, server, database and TLS settings (the
 * mode and the CA file, which is used only with verify-full). Settings that differ in any of
 * them, weaker TLS included, do not share a password. The main process adds the CA file's digest.
 */
export function officeKey(
  office: Pick<OfficeJournal, 'user' | 'host' | 'port' | 'database' | 'tls' | 'caFile' | 'servers'>,
): string {
  const ca = office.tls === 'verify-full' && office.caFile ? ` ca=${office.caFile}` : '';
  return `${officeLabel(office)} tls=${office.tls}${ca}`;
}
