import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { KeychainUnavailableError, type CredentialStore } from '../../credentials/keychain';
import { JournalKeyError } from '../errors';
import { isPlainJournal, type JournalCipher } from './database';

/** Set to 1 (an administrator's policy) to refuse a plain journal on this computer. */
export const REQUIRE_ENCRYPTION_ENV = 'FEED_DESK_REQUIRE_ENCRYPTION';

/**
 * How this computer's journal at `file` is opened: under the key the keychain holds for this data
 * folder, made at first start (and read back before use, so a keychain that does not keep it
 * leaves the journal plain rather than unreadable). Without a keychain the journal stays plain,
 * unless encryption is required. An encrypted journal whose key is gone is refused, never replaced.
 */
export async function journalCipher(
  credentials: CredentialStore,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<JournalCipher> {
  const required = env[REQUIRE_ENCRYPTION_ENV] === '1';
  try {
    const kept = await credentials.journalKey.read();
    if (kept) return { key: kept, required };
    if (existsSync(file) && !isPlainJournal(file)) {
      throw new JournalKeyError(
        `The journal ${file} is encrypted, and this computer's keychain holds no key for it (the keychain was ` +
          'reset, or the data folder came from another computer or account). Nothing was changed: restore the ' +
          'keychain that goes with it, or move the file aside to start a new journal.',
      );
    }
    const key = randomBytes(32);
    await credentials.journalKey.save(key);
    const saved = await credentials.journalKey.read();
    return saved?.equals(key) ? { key, required } : { required };
  } catch (err) {
    if (err instanceof KeychainUnavailableError) return { required };
    throw err;
  }
}
