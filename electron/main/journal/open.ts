import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  journalSettingsSchema,
  officeJournalSchema,
  officeKey,
  officeLabel,
  type JournalSettings,
  type OfficeJournal,
} from '@shared/journal/office';
import type { CredentialStore } from '../credentials/keychain';
import { parseOfficeUrl } from './postgres/connection/connect';
import { caFileDigest, readCaFile, tlsFromSslmode } from './postgres/connection/office-tls';
import { journalCipher } from './sqlite/journal-key';
import { openSqliteStore } from './sqlite/worker-store';
import type { JournalStore } from './store';
import type { PostgresStoreOptions } from './postgres/store/store';
import { trace } from '../support/trace';

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
  const settings = journalSettingsSchema.safeParse(fromOlderVersion(parsed));
  if (!settings.success) {
    throw new JournalSettingsError(`${file} does not describe a journal; choose the journal again in Settings`);
  }
  return settings.data;
}

/** Settings saved when TLS `require` (not checking the server) was offered: it now checks, as `verify-full`. */
function fromOlderVersion(parsed: unknown): unknown {
  const office = (parsed as { office?: { tls?: unknown } } | null)?.office;
  if (typeof office !== 'object' || office === null || office.tls !== 'require') return parsed;
  return { ...(parsed as object), office: { ...office, tls: 'verify-full' } };
}

/** Saves where this desk's journal lives (written whole, then renamed into place). */
export function writeJournalSettings(home: string, settings: JournalSettings): void {
  const file = journalSettingsFile(home);
  writeFileSync(`${file}.part`, JSON.stringify(journalSettingsSchema.parse(settings), null, 2), { mode: 0o600 });
  renameSync(`${file}.part`, file);
}

/** node-postgres TLS settings for the chosen mode (connect.ts checks them and adds the trusted CAs). */
function tlsOf(office: OfficeJournal): boolean | { ca: Buffer } {
  if (office.tls === 'off') return false;
  return office.caFile ? { ca: readCaFile(office.caFile) } : true;
}

/**
 * The connection options of an office journal with its password (from the keychain, else
 * PGPASSWORD; a function is asked only when the server wants a password, after TLS checked it).
 */
export function officeOptions(
  office: OfficeJournal,
  password: PostgresStoreOptions['password'] | undefined,
): PostgresStoreOptions {
  return {
    connection: {
      host: office.host,
      port: office.port,
      database: office.database,
      user: office.user,
      ssl: tlsOf(office),
    },
    ...(office.servers ? { servers: office.servers } : {}),
    ...(password !== undefined ? { password } : {}),
  };
}

/**
 * The keychain item of an office journal's password: the user, server, database and TLS settings,
 * and the digest of the CA file's contents. Weaker or other TLS settings name another item, so a
 * password saved for one is never sent with the other. Throws when the CA file cannot be read.
 */
export function officePasswordKey(office: OfficeJournal): string {
  const digest = office.tls === 'verify-full' && office.caFile ? ` sha256=${caFileDigest(office.caFile)}` : '';
  return `${officeKey(office)}${digest}`;
}

/**
 * Where a journal URL points, as office settings: TLS from its sslmode (verify-full by default and
 * for `require`; `disable` only for a database on this computer, which is also its default), the
 * CA file from sslrootcert; a password in it is refused.
 */
export function officeFromUrl(url: string): OfficeJournal {
  let parsed: ReturnType<typeof parseOfficeUrl>;
  try {
    parsed = parseOfficeUrl(url);
  } catch (err) {
    throw new JournalSettingsError((err as Error).message.replace(/^A database URL/, 'A journal URL'));
  }
  const { fields, servers, sslmode, caFile } = parsed;
  if (fields.password) {
    throw new JournalSettingsError(
      'Keep the password out of the journal URL: it comes from the keychain or PGPASSWORD',
    );
  }
  const [first, ...more] = servers;
  const host = first?.host ?? '';
  const office = officeJournalSchema.safeParse({
    host,
    port: first?.port ?? 5432,
    database: fields.database ?? '',
    user: fields.user ?? '',
    tls: tlsFromSslmode(sslmode, host),
    caFile: caFile ?? undefined,
    ...(more.length > 0 ? { servers: more.map((s) => ({ host: s.host ?? '', port: s.port ?? 5432 })) } : {}),
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

/** Where this computer's journal lives in a data folder. */
export const localJournalPath = (home: string) => join(home, 'journal.sqlite3');

/** Opens this computer's journal, encrypted under the key the keychain holds for the data folder. */
export async function openLocalJournal(
  options: Pick<OpenJournalOptions, 'home' | 'credentials' | 'env'>,
  operator: string,
): Promise<JournalStore> {
  const path = localJournalPath(options.home);
  // The journal's thread starts while the key is read and derived.
  const cipher = journalCipher(options.credentials, path, options.env).then((known) => {
    trace('journal key read');
    return known;
  });
  const store = await openSqliteStore(path, operator, cipher);
  trace('journal open');
  return store;
}

/** Opens this desk's journal store: the URL given, else the saved settings (this computer by default). */
export async function openJournalStore(options: OpenJournalOptions, operator: string): Promise<JournalStore> {
  const url = options.url ?? options.env?.FEED_DESK_JOURNAL_URL;
  const settings: JournalSettings = url
    ? { kind: 'office', office: officeFromUrl(url) }
    : readJournalSettings(options.home);
  if (settings.kind === 'local') return openLocalJournal(options, operator);
  const { office } = settings;
  const stored = await options.credentials.officePassword.read(officePasswordKey(office)).catch(() => undefined);
  // Asked only if the server wants a password (after TLS checked it): none other is sent.
  const none = (): never => {
    throw new JournalSettingsError(
      `No password is stored for ${officeLabel(office)} with these TLS settings: type it in Settings › Journal (or set PGPASSWORD)`,
    );
  };
  const password = stored ?? (options.env?.PGPASSWORD || none);
  const { createPostgresStore } = await import('./postgres/store/store');
  // Where to listen for other desks' changes when the journal is reached through a pooler.
  const listenUrl = options.env?.FEED_DESK_JOURNAL_LISTEN_URL || undefined;
  return createPostgresStore({ ...officeOptions(office, password), ...(listenUrl ? { listenUrl } : {}) });
}
