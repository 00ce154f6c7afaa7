import { join } from 'node:path';
import { afterEach, beforeAll, describe } from 'vitest';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore } from '@main/journal/store';
import { tempHome } from './core';
import { freshOfficeJournal, officeServer } from './office-journal';
import { postgresMissing } from './postgres';

export { freshOfficeJournal, RIG_USER } from './office-journal';

/** The journal stores every journal suite runs against. */
export const STORES = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORES)[number];

/** How long starting this file's PostgreSQL cluster (initdb, start, office init) may take. */
const CLUSTER_START_MS = 60_000;

/**
 * Runs a suite once per store. The PostgreSQL run is skipped, with the reason in its name, only
 * where the server is not installed (CI installs it). Its cluster is started before the suite's first
 * test, so no test's own time limit pays for the start.
 */
export function describeEachStore(name: string, body: (store: StoreKind) => void): void {
  const missing = postgresMissing();
  describe(`${name} [sqlite]`, () => body('sqlite'));
  if (missing) describe.skip(`${name} [postgres] — SKIPPED: ${missing}`, () => body('postgres'));
  else
    describe(`${name} [postgres]`, () => {
      beforeAll(() => officeServer().then(() => undefined), CLUSTER_START_MS);
      body('postgres');
    });
}

/** describe for office-only suites; skipped, with the reason in its name, where PostgreSQL is not installed. */
export function describeOfficeOnly(name: string, body: () => void): void {
  const missing = postgresMissing();
  if (missing) describe.skip(`${name} — SKIPPED: ${missing}`, body);
  else describe(name, body);
}

/**
 * Fresh, empty journals for a test file: the function it returns opens one of the kind (a desk's
 * SQLite file, or a throwaway office database), and each is closed after its test.
 */
export function freshStores(): (kind: StoreKind) => Promise<JournalStore> {
  let opened: JournalStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
  });
  return async (kind) => {
    const store =
      kind === 'sqlite'
        ? createSqliteStore(join(tempHome(), 'journal.sqlite3'), 'clerk')
        : await (await freshOfficeJournal()).open();
    opened.push(store);
    return store;
  };
}
