// A fresh office journal per test on this test file's throwaway PostgreSQL cluster (no test
// runner imported here: Playwright specs and vitest suites both use it).
import pg from 'pg';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import { OWNER, startPostgres, type TestPostgres } from './postgres';

/** The supervisor every office rig signs in as (resolving and reviewing need the role). */
export const RIG_USER = { user: 'desk_supervisor', password: 'desk-supervisor-pw' } as const;

let cluster: Promise<TestPostgres> | undefined;
let databases = 0;

/** This test file's cluster, started on first use; the server stops when the test process exits. */
export function officeServer(): Promise<TestPostgres> {
  cluster ??= startPostgres().then(async (started) => {
    // The group roles are the cluster's: made once by an init of the default database.
    await officeInit(started.ownerUrl);
    await addUser(started.ownerUrl, RIG_USER.user, 'supervisor', RIG_USER.password);
    return started;
  });
  return cluster;
}

/** A new database on the server with the office journal set up in it (office init); its name. */
export async function newOfficeDatabase(on: TestPostgres, prefix = 'rig'): Promise<string> {
  databases += 1;
  const name = `${prefix}_${process.pid}_${databases}`;
  const admin = new pg.Client({ connectionString: on.url(OWNER, undefined, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  await officeInit(on.url(OWNER, undefined, name));
  return name;
}

/** A fresh office journal (its own database, initialised), opened as the rig's supervisor by each call. */
export async function freshOfficeJournal(prefix?: string): Promise<{ open: () => Promise<JournalStore>; url: string }> {
  const started = await officeServer();
  const url = started.url(RIG_USER.user, RIG_USER.password, await newOfficeDatabase(started, prefix));
  return { url, open: () => createPostgresStore({ url }) };
}
