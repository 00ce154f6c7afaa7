// What the privacy suites share: payloads with personal details, and a journal of either kind that can date rows back.
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore, NewSubmission } from '@main/journal/store';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import type { JournalState, SubmissionRow } from '@shared/journal/types';
import { payloadHash } from '@main/journal/payload-hash';
import { tempHome } from '@test/support/core';
import type { StoreKind } from '@test/support/stores';
import { startOffice, type Office } from './postgres/office-rig';

export const LEASE = { owner: 'privacy-test', ms: 60_000 };

/** A full entry's payload: personal fields (each value unique to the row) and the rest. */
export function payload(tag: string, person: Record<string, string> = {}): Record<string, string> {
  return {
    account_code: 'ACME01',
    reference: `REF-${tag}`,
    title: 'Dr',
    initials: 'QX',
    surname: `Zorbek${tag}`,
    address1: `1 ${tag} Lane`,
    address2: 'Flat 2',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: `LS${tag.length} 9ZZ`,
    email: `zorbek.${tag}@example.com`.toLowerCase(),
    telephone: '0113 496 0000',
    policy: `POL-${tag}`,
    total_value: '1299.50',
    policy_premium: '89.99',
    purchase_date: '2026-01-02',
    ...person,
  };
}

export function submission(values: Record<string, string>): NewSubmission {
  return {
    kind: 'entry',
    profile: 'Sandbox',
    operator: 'os-user',
    payload: values,
    payloadHash: payloadHash('entry', values),
  };
}

/** A journal of one kind with the means to date rows back (what time does in a real office). */
export interface Rig {
  store: JournalStore;
  /** Moves rows' creation (and their batch rows' recording) `days` days back. */
  backdate(ids: readonly number[], days: number, batch?: number): Promise<void>;
  /** The payload hashes the journal keeps for rows (not part of a row as the store gives it). */
  hashes(ids: readonly number[]): Promise<string[]>;
  close(): Promise<void>;
}

let office: Office | undefined;

export async function openRig(kind: StoreKind): Promise<Rig> {
  if (kind === 'sqlite') {
    const path = join(tempHome(), 'journal.sqlite3');
    const store = createSqliteStore(path, 'desk-user');
    return {
      store,
      async backdate(ids, days, batch) {
        const raw = new Database(path);
        const at = new Date(Date.now() - days * 86_400_000).toISOString();
        raw
          .prepare(`UPDATE submissions SET created_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`)
          .run(at, ...ids);
        if (batch) raw.prepare('UPDATE batch_rows SET recorded_at = ? WHERE batch_id = ?').run(at, batch);
        raw.close();
      },
      async hashes(ids) {
        const raw = new Database(path, { readonly: true });
        try {
          return ids.map(
            (id) => raw.prepare('SELECT payload_hash FROM submissions WHERE id = ?').pluck().get(id) as string,
          );
        } finally {
          raw.close();
        }
      },
      close: () => store.close(),
    };
  }
  office ??= await startOffice();
  const on = office;
  // Each rig gets a journal without the earlier tests' rows.
  await on.sql(
    'owner',
    'TRUNCATE feed_desk.history, feed_desk.batch_rows, feed_desk.submissions, feed_desk.batches CASCADE',
  );
  await on.sql('owner', 'UPDATE feed_desk.retention SET days = NULL, set_by = NULL, set_at = NULL');
  const store = await on.open('supervisor');
  return {
    store,
    async backdate(ids, days, batch) {
      await on.sql(
        'owner',
        `UPDATE feed_desk.submissions SET created_at = now() - $2 * interval '1 day' WHERE id = ANY ($1)`,
        [ids, days],
      );
      if (batch)
        await on.sql(
          'owner',
          `UPDATE feed_desk.batch_rows SET recorded_at = now() - $2 * interval '1 day' WHERE batch_id = $1`,
          [batch, days],
        );
    },
    async hashes(ids) {
      const { rows } = await on.sql('owner', 'SELECT id, payload_hash FROM feed_desk.submissions WHERE id = ANY ($1)', [
        ids,
      ]);
      return ids.map(
        (id) => (rows as Array<{ id: string; payload_hash: string }>).find((r) => Number(r.id) === id)!.payload_hash,
      );
    },
    close: () => store.close(),
  };
}

/** Stops the office cluster a PostgreSQL rig started, if any (each test file's afterAll). */
export function stopOffice(): Promise<void> | undefined {
  return office?.stop();
}

export async function queue(store: JournalStore, values: Record<string, string>): Promise<SubmissionRow> {
  const result = await store.queue(submission(values), true);
  if (!result.row) throw new Error('not queued');
  return result.row;
}

/** A row brought to a state the way the app gets it there. */
export async function inState(store: JournalStore, state: JournalState, tag: string): Promise<SubmissionRow> {
  const row = await queue(store, payload(tag));
  if (state === 'queued') return row;
  if (state === 'discarded') return store.discard(row.id, 'not wanted');
  const claimed = (await store.claim(row.id, LEASE))!;
  if (state === 'sending') return (await store.get(row.id))!;
  const outcome =
    state === 'accepted'
      ? ({ state, recordid: 500_000 + row.id, message: 'Stored', httpStatus: 201 } as const)
      : ({
          state: state as 'rejected' | 'failed' | 'unknown',
          code: state,
          // The service quotes the surname back: it must not outlive the rule either.
          message: `surname Zorbek${tag} is not on file`,
          httpStatus: state === 'rejected' ? 400 : null,
          fields: state === 'rejected' ? { surname: `Zorbek${tag} is unknown` } : null,
          nextAttemptAt: null,
        } as const);
  return (await store.recordOutcome(claimed, LEASE.owner, outcome)).row;
}

/** The personal fields a row still holds a value for. */
export const personal = (row: SubmissionRow) => PERSONAL_FIELDS.filter((f) => row.payload[f]);
/** A payload as removal leaves it: every personal field blank, the rest as keyed. */
export const blanked = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, (PERSONAL_FIELDS as readonly string[]).includes(k) ? '' : v]),
  );
