import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  JOURNAL_KEY_SERVICE,
  KeychainUnavailableError,
  MalformedJournalKeyError,
  type CredentialStore,
} from '../../credentials/keychain';
import { JournalKeyError } from '../errors';
import {
  createEncrypted,
  deriveKey,
  encryptInPlace,
  isPlainJournal,
  lockOf,
  opensUnder,
  rekeyToRaw,
  saltOf,
  type DerivedKey,
  type JournalCipher,
} from './database';

export { lockOf };

/** Set to 1 (an administrator's policy) to refuse a plain journal on this computer. */
export const REQUIRE_ENCRYPTION_ENV = 'FEED_DESK_REQUIRE_ENCRYPTION';

/**
 * How this computer's journal at `file` is opened: under the key the keychain holds for this data
 * folder, made at first start (and read back before use, so a keychain that does not keep it
 * leaves the journal plain rather than unreadable). Without a keychain the journal stays plain,
 * unless encryption is required. An encrypted journal whose key is gone is refused, never replaced.
 * Unless `derive` is false, how SQLCipher is to key the file is worked out here: the keychain's key
 * as its raw key; for a journal of an earlier version, the key derived from it once more (see
 * deriveKey), and the journal re-keyed to the raw key when no other Feed Desk has it open.
 */
export async function journalCipher(
  credentials: CredentialStore,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  { derive = true }: { derive?: boolean } = {},
): Promise<JournalCipher> {
  const required = env[REQUIRE_ENCRYPTION_ENV] === '1';
  const derivedFor = async (key: Buffer, made?: DerivedKey): Promise<DerivedKey | undefined> => {
    const salt = derive ? saltOf(file) : undefined;
    if (!salt) return undefined;
    if (made?.salt.equals(salt)) return made;
    const raw = { key, salt };
    if (opensUnder(file, key, raw)) return raw;
    const derived = await deriveKey(key, salt);
    // Not under this key either (another key, not a journal): the open refuses it in plain words.
    if (!opensUnder(file, key, derived)) return derived;
    return (await whileHolding(lockOf(file), async () => rekeyToRaw(file, key, derived))) ?? derived;
  };
  try {
    const kept = await credentials.journalKey.read();
    if (kept && !isPlainJournal(file) && !isNew(file)) return { key: kept, derived: await derivedFor(kept), required };
    if (!kept && existsSync(file) && !isPlainJournal(file)) {
      throw new JournalKeyError(
        `The journal ${file} is encrypted, and this computer's keychain holds no key for it (the keychain was ` +
          'reset, or the data folder came from another computer or account). Nothing was changed: restore the ' +
          'keychain that goes with it, or move the file aside to start a new journal.',
      );
    }
    // The app and the CLI may start at once: one of them makes the key, encrypts a plain journal or
    // writes a new one's first page (its salt: two processes each salting an empty file cannot share it).
    return await whileHolding(lockOf(file), async () => {
      let key = await credentials.journalKey.read();
      if (!key) {
        const made = randomBytes(32);
        await credentials.journalKey.save(made);
        // Read back: a keychain that does not keep the key leaves the journal plain, not unreadable.
        if (!(await credentials.journalKey.read())?.equals(made)) return { required };
        key = made;
      }
      if (isPlainJournal(file)) encryptInPlace(file, key);
      let made: DerivedKey | undefined;
      if (isNew(file)) {
        made = { key, salt: randomBytes(16) };
        createEncrypted(file, key, made);
      }
      return { key, derived: await derivedFor(key, made), required };
    });
  } catch (err) {
    if (err instanceof KeychainUnavailableError) return { required };
    if (err instanceof MalformedJournalKeyError) {
      throw new JournalKeyError(
        `The keychain item "${JOURNAL_KEY_SERVICE}" for this data folder holds something that is not a key, so ` +
          `${file} was not opened and the item was not changed. Restore the item from a backup of the keychain; ` +
          'or, if the journal is new or plain, remove the item and Feed Desk makes a new key.',
      );
    }
    throw err;
  }
}

/** Whether the journal file has yet to be written (missing or empty). */
const isNew = (file: string) => (statSync(file, { throwIfNoEntry: false })?.size ?? 0) === 0;

/**
 * Runs `fn` while holding an exclusive lock on a small lock database that other processes on this
 * computer wait for, however long the work takes (encrypting a large journal). The operating system
 * releases it when its holder stops, so a process that died holding it never blocks the next start.
 */
async function whileHolding<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lock), { recursive: true });
  const db = new Database(lock, { timeout: 0 });
  try {
    for (;;) {
      try {
        db.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        await sleep(20);
      }
    }
    try {
      return await fn();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
}
