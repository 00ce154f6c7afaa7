import { expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { openDatabase } from '@main/journal/sqlite/database';
import { MIGRATIONS } from '@main/journal/sqlite/migrations';
import { tempHome } from '@test/support/core';

/** The migration that rebuilds the submissions table to admit `superseded`. */
const REBUILD = MIGRATIONS.findIndex((sql) => sql.includes('submissions_new'));

/** Indexes and triggers on the submissions table, their SQL with whitespace folded. */
function schemaOf(db: Database.Database): Record<string, string> {
  const rows = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE tbl_name = 'submissions' AND type IN ('index', 'trigger')`)
    .all() as Array<{ name: string; sql: string | null }>;
  return Object.fromEntries(rows.map((r) => [r.name, (r.sql ?? '').replace(/\s+/g, ' ')]));
}

it('the journal rebuilt for the superseded state keeps every row, history line, index and trigger', () => {
  expect(REBUILD).toBeGreaterThan(0);
  const file = join(tempHome(), 'journal.sqlite3');
  const old = new Database(file);
  for (const sql of MIGRATIONS.slice(0, REBUILD)) old.exec(sql);
  old.pragma(`user_version = ${REBUILD}`);
  old.exec(`INSERT INTO batches (id, profile, file_name, content_hash, operator, created_at, file_rows)
    VALUES (1, 'S', 'a.csv', 'h', 'clerk', '2026-01-01T00:00:00.000Z', 1)`);
  old.exec(`INSERT INTO submissions (id, kind, profile, operator, payload, payload_hash, reference, surname, state,
      attempts, created_at, updated_at, lease_owner, batch_id, batch_row)
    VALUES (7, 'entry', 'S', 'clerk', '{"reference":"KEEP-1"}', 'h1', 'KEEP-1', 'Jones', 'rejected', 1,
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', 'x', 1, 2)`);
  old.exec(`INSERT INTO history (submission_id, from_state, to_state, actor, at) VALUES
    (7, NULL, 'queued', 'clerk', '2026-01-01T00:00:00.000Z'),
    (7, 'sending', 'rejected', 'system', '2026-01-01T00:00:01.000Z')`);
  const before = schemaOf(old);
  old.close();

  const db = openDatabase(file);
  expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  expect(db.prepare('SELECT * FROM submissions WHERE id = 7').get()).toMatchObject({
    reference: 'KEEP-1',
    state: 'rejected',
    attempts: 1,
    lease_owner: 'x',
    batch_id: 1,
    batch_row: 2,
    corrects: null,
    superseded_by: null,
  });
  expect(db.prepare('SELECT count(*) AS n FROM history WHERE submission_id = 7').get()).toEqual({ n: 2 });
  const after = schemaOf(db);
  // Migration 12 (the duplicate question asks about the policy) replaces submissions_refpol.
  const { submissions_refpol: replaced, ...kept } = before;
  expect(replaced).toBeDefined();
  expect(after).toMatchObject(kept);
  // The rebuild adds submissions_corrects; later migrations submissions_personal_kept (9) and submissions_policy (12).
  expect(Object.keys(after).sort()).toEqual(
    [...Object.keys(kept), 'submissions_corrects', 'submissions_personal_kept', 'submissions_policy'].sort(),
  );

  // The new state is admitted; free-text search still follows inserts (its triggers are back).
  db.prepare(`UPDATE submissions SET state = 'superseded' WHERE id = 7`).run();
  db.exec(`INSERT INTO submissions (kind, profile, operator, payload, payload_hash, reference, state, created_at,
      updated_at) VALUES ('entry', 'S', 'clerk', '{}', 'h2', 'FIND-ME-99', 'queued', 'now', 'now')`);
  expect(db.prepare(`SELECT rowid FROM submissions_fts WHERE submissions_fts MATCH '"ND-ME-9"'`).all()).toHaveLength(1);
  expect(() => db.prepare(`UPDATE submissions SET state = 'lost' WHERE id = 7`).run()).toThrow(/CHECK/);
  db.close();
});
