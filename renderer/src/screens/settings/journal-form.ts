import { z } from 'zod';
import { officeJournalSchema, officeKey, type JournalSettings, type OfficeJournal } from '@shared/journal/office';

/** The journal card's fields as typed (the office fields are kept while "This computer" is chosen). */
export interface JournalFormValues {
  kind: JournalSettings['kind'];
  office: {
    host: string;
    port: string;
    database: string;
    user: string;
    tls: OfficeJournal['tls'];
    caFile: string;
  };
  /** Typed to save or replace the stored password; empty keeps the stored one. Never filled from main. */
  password: string;
}

/** The form checked by the shared office schema: where the journal lives, and a password to store if typed. */
export const journalFormSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local') }),
  z.object({
    kind: z.literal('office'),
    office: officeJournalSchema,
    password: z.string().max(1000, 'At most 1,000 characters'),
  }),
]);

/** What a valid form gives. */
export type JournalFormOutput = z.output<typeof journalFormSchema>;

/** Plain words for the shared schema's messages that have none of their own (the port, long text). */
export const plainWords: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a port from 1 to 65535';
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    return 'Enter a port from 1 to 65535';
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return `At most ${String(issue.maximum)} characters`;
  return undefined;
};

/** The form's starting values: the saved choice, or empty office fields on the usual port with the server checked. */
export function toFormValues(saved: JournalSettings): JournalFormValues {
  const office = saved.kind === 'office' ? saved.office : undefined;
  return {
    kind: saved.kind,
    office: {
      host: office?.host ?? '',
      port: String(office?.port ?? 5432),
      database: office?.database ?? '',
      user: office?.user ?? '',
      tls: office?.tls ?? 'verify-full',
      caFile: office?.caFile ?? '',
    },
    password: '',
  };
}

/** The office settings to send: the CA file only where it is used (verify-full). */
export function toOffice(office: OfficeJournal): OfficeJournal {
  const { caFile, ...rest } = office;
  return rest.tls === 'verify-full' && caFile ? { ...rest, caFile } : rest;
}

/**
 * Whether the keychain holds a password for these typed values: it is kept per user, server,
 * database and TLS settings, so other TLS settings (or another CA file) have none.
 */
export function passwordStoredFor(
  saved: JournalSettings,
  hasPassword: boolean,
  typed: Pick<JournalFormValues['office'], 'host' | 'port' | 'database' | 'user' | 'tls' | 'caFile'>,
): boolean {
  if (!hasPassword || saved.kind !== 'office') return false;
  const current = toOffice({
    ...typed,
    host: typed.host.trim(),
    database: typed.database.trim(),
    user: typed.user.trim(),
    port: Number(typed.port),
  });
  return officeKey(saved.office) === officeKey(current);
}
