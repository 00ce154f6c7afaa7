// Shared set-up of the office journal tests: a throwaway cluster, office init, a clerk and a supervisor.
import pg from 'pg';
import { payloadHash } from '@main/journal/payload-hash';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore, NewSubmission } from '@main/journal/store';
import { startPostgres, type TestPostgres } from '@test/support/postgres';

/** The people of the test office. */
export const PEOPLE = {
  clerk: { user: 'clara', password: 'clara-pw' },
  clerk2: { user: 'cody', password: 'cody-pw' },
  supervisor: { user: 'sam', password: 'sam-pw' },
} as const;

/** A running office: the cluster, an initialised journal, and stores signed in as its people. */
export interface Office {
  server: TestPostgres;
  open(who: keyof typeof PEOPLE | 'owner', poolSize?: number): Promise<JournalStore>;
  /** Runs SQL as that person on a connection of its own (to try what the database allows). */
  sql(who: keyof typeof PEOPLE | 'owner', text: string, params?: unknown[]): Promise<pg.QueryResult>;
  stop(): Promise<void>;
}

/** Starts a cluster, runs office init, adds two clerks and a supervisor. */
export async function startOffice(): Promise<Office> {
  const server = await startPostgres();
  const stores: JournalStore[] = [];
  try {
    await officeInit(server.ownerUrl);
    await addUser(server.ownerUrl, PEOPLE.clerk.user, 'clerk', PEOPLE.clerk.password);
    await addUser(server.ownerUrl, PEOPLE.clerk2.user, 'clerk', PEOPLE.clerk2.password);
    await addUser(server.ownerUrl, PEOPLE.supervisor.user, 'supervisor', PEOPLE.supervisor.password);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const urlOf = (who: keyof typeof PEOPLE | 'owner') =>
    who === 'owner' ? server.ownerUrl : server.url(PEOPLE[who].user, PEOPLE[who].password);
  return {
    server,
    async open(who, poolSize) {
      const store = await createPostgresStore({ url: urlOf(who), poolSize });
      stores.push(store);
      return store;
    },
    async sql(who, text, params) {
      const client = new pg.Client({ connectionString: urlOf(who) });
      await client.connect();
      try {
        return await client.query(text, params);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await Promise.all(stores.map((s) => s.close()));
      await server.stop();
    },
  };
}

/** A submission as the pipeline would queue it. */
export function entry(reference: string, extra: Record<string, string> = {}, profile = 'Sandbox'): NewSubmission {
  const payload = {
    account_code: 'ACC1',
    reference,
    policy: `POL-${reference}`,
    surname: 'Smith',
    postcode: 'AB1 2CD',
    ...extra,
  };
  return { kind: 'entry', profile, operator: 'os-user', payload, payloadHash: payloadHash('entry', payload) };
}

/** Everything sendable for the Sandbox profile (and others named). */
export const SENDABLE = { entries: ['Sandbox', 'Other'], cancellations: ['Sandbox'] };

/** Queues and fails if it was taken for a duplicate. */
export async function queued(store: JournalStore, submission: NewSubmission) {
  const result = await store.queue(submission, false);
  if (!result.row) throw new Error(`unexpected duplicate of ${result.duplicate.id}`);
  return result.row;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
