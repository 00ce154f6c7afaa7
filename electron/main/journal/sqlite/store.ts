import type { JournalStore } from '../store';
import { actionMethods } from './actions';
import { batchMethods } from './batches';
import { openDatabase, type JournalCipher } from './database';
import { Db, promised } from './db';
import { draftMethods } from './drafts';
import { queryMethods } from './queries';
import { privacyMethods } from './privacy';
import { sendingMethods } from './sending';

/**
 * The journal on this computer: one SQLite file (WAL, synchronous=FULL), encrypted under `cipher.key`
 * when one is given. Its calls are
 * synchronous underneath; the store's promises resolve with each committed result. Actions are
 * recorded under `operator` (the OS user).
 */
export function createSqliteStore(path: string, operator: string, cipher: JournalCipher = {}): JournalStore {
  const db = new Db(openDatabase(path, cipher));
  return {
    location: { kind: 'local', path, user: operator, role: 'local', encrypted: cipher.key !== undefined },
    onChange: (listener) => db.onChange(listener),
    commits: () => db.commits,
    ...promised<Pick<JournalStore, 'close'>>({ close: () => db.close() }),
    ...sendingMethods(db),
    ...actionMethods(db, operator),
    ...queryMethods(db),
    batches: batchMethods(db, operator),
    privacy: privacyMethods(db, operator),
    drafts: draftMethods(db),
  };
}
