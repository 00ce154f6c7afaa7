import { createRequire } from 'node:module';
import { z } from 'zod';
import type { ClientCredentials } from '../service/token-provider';

/** Keychain service name under which every profile's credentials are stored. */
export const KEYCHAIN_SERVICE = 'Feed Desk';

/** Raised when no OS keychain can be used; never answered by a plain-text fallback. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError' as const;
  constructor(detail: string) {
    super(
      'No OS keychain is available, so the credentials were not saved. Feed Desk keeps client ' +
        'secrets only in the system keychain: on Linux start a Secret Service (GNOME Keyring or ' +
        `KWallet) in this desktop session; on Windows and macOS it is built in. (${detail})`,
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

/** Credentials per profile, one keychain item each; read is for the main process only. */
export interface CredentialStore {
  save(profile: string, credentials: ClientCredentials): Promise<void>;
  read(profile: string): Promise<ClientCredentials | undefined>;
  delete(profile: string): Promise<boolean>;
  has(profile: string): Promise<boolean>;
}

const itemSchema = z.strictObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) });

/** Loads keytar's native module; a missing or broken build means "no keychain". */
export function loadKeytar(): KeytarLike {
  try {
    return createRequire(import.meta.url)('keytar') as KeytarLike;
  } catch (err) {
    throw new KeychainUnavailableError(`keytar could not be loaded: ${(err as Error).message}`);
  }
}

/** Wraps keytar: every keychain failure becomes KeychainUnavailableError, with no secret in it. */
export function createCredentialStore(keytar: KeytarLike = loadKeytar()): CredentialStore {
  async function guard<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw new KeychainUnavailableError((err as Error).message.split('\n')[0] ?? 'unknown error');
    }
  }
  return {
    save: (profile, credentials) =>
      guard(() => keytar.setPassword(KEYCHAIN_SERVICE, profile, JSON.stringify(itemSchema.parse(credentials)))),
    async read(profile) {
      const raw = await guard(() => keytar.getPassword(KEYCHAIN_SERVICE, profile));
      if (raw === null) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new KeychainItemError(`The keychain item for profile ${profile} is not one Feed Desk wrote`);
      }
      const parsed = itemSchema.safeParse(json);
      if (!parsed.success) throw new KeychainItemError(`The keychain item for profile ${profile} is incomplete`);
      return parsed.data;
    },
    delete: (profile) => guard(() => keytar.deletePassword(KEYCHAIN_SERVICE, profile)),
    has: async (profile) => (await guard(() => keytar.getPassword(KEYCHAIN_SERVICE, profile))) !== null,
  };
}
