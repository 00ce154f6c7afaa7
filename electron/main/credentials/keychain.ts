import { createRequire } from 'node:module';
import { z } from 'zod';
import type { Profile } from '@shared/profile/schema';
import type { ClientCredentials } from '../service/token-provider';

/** Keychain service name under which every profile's credentials are stored. */
export const KEYCHAIN_SERVICE = 'Feed Desk';

/** Raised when no OS keychain can be used; never answered by a plain-text fallback. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError' as const;
  constructor(detail: string) {
    super(
      'No OS keychain is available, so Feed Desk cannot keep or read client secrets. It keeps them ' +
        'only in the system keychain: on Linux start a Secret Service (GNOME Keyring or KWallet) in ' +
        `this desktop session; on Windows and macOS it is built in. (${detail})`,
    );
  }
}

/** Raised when the keychain holds an item for a profile that is not ours to read. */
export class KeychainItemError extends Error {
  override readonly name = 'KeychainItemError' as const;
}

/** The slice of keytar we use, so tests and main share one implementation. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Credentials per profile, one keychain item each, bound to the origin of the base URL they were
 * saved for: read and has answer only for a profile whose base URL still has that origin, so a
 * secret can never be handed to another host. read is for the main process only.
 */
export interface CredentialStore {
  save(profile: Profile, credentials: ClientCredentials): Promise<void>;
  read(profile: Profile): Promise<ClientCredentials | undefined>;
  has(profile: Profile): Promise<boolean>;
  delete(name: string): Promise<boolean>;
  /** Moves a profile's item to a new name when the origin is unchanged; otherwise drops it. */
  rename(from: string, to: Profile): Promise<void>;
  /** Whether a keychain can be used here; the message says what is missing when not. */
  availability(): Promise<{ available: true } | { available: false; message: string }>;
  /**
   * The office database password of `key` (user@host:port/database and its TLS settings, see
   * officePasswordKey); never leaves the main process.
   */
  officePassword: {
    save(key: string, password: string): Promise<void>;
    read(key: string): Promise<string | undefined>;
    delete(key: string): Promise<boolean>;
  };
  /** The key of this data folder's journal on this computer (32 bytes); never leaves the main process. */
  journalKey: {
    read(): Promise<Buffer | undefined>;
    save(key: Buffer): Promise<void>;
  };
}

/** The keychain's journal key item holds something that is not a 32-byte key (64 hex digits). */
export class MalformedJournalKeyError extends Error {
  override readonly name = 'MalformedJournalKeyError' as const;
  constructor() {
    super('The keychain item of the journal key holds something that is not a key');
  }
}

/** The keychain service under which each data folder's journal key is kept (the account names the folder). */
export const JOURNAL_KEY_SERVICE = 'Feed Desk journal key';

/** The keychain service under which office database passwords are kept, one item per server, user and TLS settings. */
export const OFFICE_KEYCHAIN_SERVICE = 'Feed Desk office journal';

const itemSchema = z.strictObject({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  origin: z.string().min(1),
});

/** The origin a secret is bound to: scheme, host and port of the base URL. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** Loads keytar's native module; a missing or broken build means "no keychain" (no file paths in the message). */
export function loadKeytar(): KeytarLike {
  try {
    return createRequire(import.meta.url)('keytar') as KeytarLike;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new KeychainUnavailableError(`the keytar module could not be loaded${code ? ` (${code})` : ''}`);
  }
}

/**
 * Wraps keytar, loaded on first use: every keychain failure becomes KeychainUnavailableError,
 * with no secret or file path in it. `scope` (the data folder) is part of each item's account
 * name, so two data folders with a profile of the same name never share or delete each other's item.
 */
export function createCredentialStore(load: () => KeytarLike = loadKeytar, scope = ''): CredentialStore {
  const account = (name: string) => (scope ? `${name} (${scope})` : name);
  let keytar: KeytarLike | undefined;
  async function guard<T>(op: (k: KeytarLike) => Promise<T>): Promise<T> {
    try {
      keytar ??= load();
    } catch (err) {
      if (err instanceof KeychainUnavailableError) throw err;
      throw new KeychainUnavailableError('the keytar module could not be loaded');
    }
    try {
      return await op(keytar);
    } catch (err) {
      throw new KeychainUnavailableError((err as Error).message.split('\n')[0] ?? 'unknown error');
    }
  }
  async function readItem(name: string): Promise<z.infer<typeof itemSchema> | undefined> {
    const raw = await guard((k) => k.getPassword(KEYCHAIN_SERVICE, account(name)));
    if (raw === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new KeychainItemError(`The keychain item for profile ${name} is not one Feed Desk wrote`);
    }
    const parsed = itemSchema.safeParse(json);
    // An item without an origin (written before secrets were bound) is not used: enter it again.
    return parsed.success ? parsed.data : undefined;
  }
  async function read(profile: Profile): Promise<ClientCredentials | undefined> {
    const item = await readItem(profile.name);
    if (!item || item.origin !== originOf(profile.baseUrl)) return undefined;
    return { clientId: item.clientId, clientSecret: item.clientSecret };
  }
  const write = (name: string, item: z.infer<typeof itemSchema>) =>
    guard((k) => k.setPassword(KEYCHAIN_SERVICE, account(name), JSON.stringify(itemSchema.parse(item))));
  const remove = (name: string) => guard((k) => k.deletePassword(KEYCHAIN_SERVICE, account(name)));
  return {
    save: (profile, credentials) =>
      write(profile.name, {
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        origin: originOf(profile.baseUrl),
      }),
    read,
    has: async (profile) => (await read(profile)) !== undefined,
    delete: remove,
    async rename(from, to) {
      const item = await readItem(from);
      if (item && item.origin === originOf(to.baseUrl)) await write(to.name, item);
      await remove(from);
    },
    officePassword: {
      save: (key, password) => guard((k) => k.setPassword(OFFICE_KEYCHAIN_SERVICE, key, password)),
      read: async (key) => (await guard((k) => k.getPassword(OFFICE_KEYCHAIN_SERVICE, key))) ?? undefined,
      delete: (key) => guard((k) => k.deletePassword(OFFICE_KEYCHAIN_SERVICE, key)),
    },
    journalKey: {
      async read() {
        const hex = await guard((k) => k.getPassword(JOURNAL_KEY_SERVICE, scope || 'default'));
        if (!hex) return undefined;
        // Only a whole 32-byte key is one: anything else is never used as a key, nor replaced by a new one.
        if (!/^[0-9a-f]{64}$/i.test(hex)) throw new MalformedJournalKeyError();
        return Buffer.from(hex, 'hex');
      },
      save: (key) => guard((k) => k.setPassword(JOURNAL_KEY_SERVICE, scope || 'default', key.toString('hex'))),
    },
    async availability() {
      try {
        await guard((k) => k.getPassword(KEYCHAIN_SERVICE, '\u0000probe'));
        return { available: true };
      } catch (err) {
        return { available: false, message: (err as Error).message };
      }
    },
  };
}
