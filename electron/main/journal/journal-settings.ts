import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import {
  journalSettingsSchema,
  officeJournalSchema,
  officeKey,
  type JournalSettings,
  type OfficeJournal,
} from '../../../shared/journal/office';
import type { CredentialStore } from '../credentials/keychain';
import { createSqliteStore } from './sqlite-store';
import type { JournalStore } from './store';
import type { PostgresStoreOptions } from './postgres/store';

/** The file, in the data folder, that says where this desk's journal lives. */
export const journalSettingsFile = (home: string) => join(home, 'journal.json');

/** Raised when journal.json cannot be read; nothing is opened until it is fixed in Settings. */
export class JournalSettingsError extends Error {
  override readonly name = 'JournalSettingsError' as const;
}

/** Where this desk's journal lives: this computer unless Settings chose an office database. */
export function readJournalSettings(home: string): JournalSettings {
  const file = journalSettingsFile(home);
  if (!existsSync(file)) return { kind: 'local' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new JournalSettingsError(`${file} is not valid JSON; fix it or choose the journal again in Settings`);
  }
  const settings = journalSettingsSchema.safeParse(parsed);
  if (!settings.success) {
    throw new JournalSettingsError(`${file} does not describe a journal; choose the journal again in Settings`);
  }
  return settings.data;
}

/** Saves where this desk's journal lives (written whole, then renamed into place). */
export function writeJournalSettings(home: string, settings: JournalSettings): void {
  const file = journalSettingsFile(home);
  writeFileSync(`${file}.part`, JSON.stringify(journalSettingsSchema.parse(settings), null, 2));
  renameSync(`${file}.part`, file);
}

/** node-postgres TLS settings for the chosen mode; the CA file must be a small regular file. */
function tlsOf(office: OfficeJournal): boolean | ConnectionOptions {
  if (office.tls === 'off') return false;
  if (office.tls === 'require') return { rejectUnauthorized: false };
  const file = office.caFile ?? '';
  const stat = existsSync(file) ? statSync(file) : undefined;
  if (!stat?.isFile() || stat.size > 1024 * 1024) {
    throw new JournalSettingsError(`The CA file ${file} is not a readable certificate file (at most 1 MiB)`);
  }
  return { ca: readFileSync(file), rejectUnauthorized: true };
}

/** The connection options of an office journal with its password (from the keychain, else PGPASSWORD). */
export function officeOptions(office: OfficeJournal, password: string | undefined): PostgresStoreOptions {
  return {
    connection: {
      host: office.host,
      port: office.port,
      database: office.database,
      user: office.user,
      ssl: tlsOf(office),
    },
    ...(password !== undefined ? { password } : {}),
  };
}

/** Where a journal URL points, as office settings (TLS from its sslmode; a password in it is ignored). */
export function officeFromUrl(url: string): OfficeJournal {
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new JournalSettingsError('A journal URL starts with postgres:// (postgres://USER@HOST:PORT/DATABASE)');
  }
  if (parsed.password) {
    throw new JournalSettingsError(
      'Keep the password out of the journal URL: it comes from the keychain or PGPASSWORD',
    );
  }
  const mode = parsed.searchParams.get('sslmode') ?? 'require';
  const tls = ({ 'verify-full': 'verify-full', require: 'require', disable: 'off' } as const)[mode as 'require'];
  if (!tls) throw new JournalSettingsError(`sslmode=${mode} is not offered: use verify-full (or require)`);
  const office = officeJournalSchema.safeParse({
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    user: decodeURIComponent(parsed.username),
    tls,
    caFile: parsed.searchParams.get('sslrootcert') ?? undefined,
  });
  if (!office.success) {
    throw new JournalSettingsError(`The journal URL ${url}: ${office.error.issues.map((i) => i.message).join('; ')}`);
  }
  return office.data;
}

export interface OpenJournalOptions {
  home: string;
  credentials: CredentialStore;
  env?: NodeJS.ProcessEnv;
  /** A journal URL given on the command line (else FEED_DESK_JOURNAL_URL, else the saved settings). */
  url?: string;
}

/** Opens this desk's journal store: the URL given, else the saved settings (this computer by default). */
export async function openJournalStore(options: OpenJournalOptions, operator: string): Promise<JournalStore> {
  const url = options.url ?? options.env?.FEED_DESK_JOURNAL_URL;
  const settings: JournalSettings = url
    ? { kind: 'office', office: officeFromUrl(url) }
    : readJournalSettings(options.home);
  if (settings.kind === 'local') return createSqliteStore(join(options.home, 'journal.sqlite3'), operator);
  const stored = await options.credentials.officePassword.read(officeKey(settings.office)).catch(() => undefined);
  const password = stored ?? options.env?.PGPASSWORD;
  const { createPostgresStore } = await import('./postgres/store');
  return createPostgresStore(officeOptions(settings.office, password));
}
