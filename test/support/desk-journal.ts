import { createCredentialStore, loadKeytar } from '@main/credentials/keychain';
import { localJournalPath } from '@main/journal/open';
import { openDatabase, type JournalCipher } from '@main/journal/sqlite/database';
import { journalCipher } from '@main/journal/sqlite/journal-key';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore } from '@main/journal/store';

/**
 * How a desk with this data folder opens its journal: under the key the test session's keychain
 * holds for the folder (made now if there is none), as the app, the CLI and their child processes do.
 */
export const deskCipher = (home: string): Promise<JournalCipher> =>
  journalCipher(createCredentialStore(loadKeytar, home), localJournalPath(home));

/** A data folder's journal file opened for SQL, as a desk opens it. */
export async function openDeskDatabase(home: string): Promise<ReturnType<typeof openDatabase>> {
  return openDatabase(localJournalPath(home), await deskCipher(home));
}

/** A data folder's journal as a store in this thread, as a desk opens it. */
export async function openDeskStore(home: string, operator: string): Promise<JournalStore> {
  return createSqliteStore(localJournalPath(home), operator, await deskCipher(home));
}
