import type { Batch, BatchQueued, BatchStore, LeftOutRow, StateCounts } from '../store';
import { discardRow, resendRow } from './actions';
import { promised, type Db } from './db';
import { findDuplicate } from './duplicate-guard';
import { insertQueuedId } from './sending';

interface RawBatch {
  id: number;
  profile: string;
  file_name: string;
  content_hash: string;
  operator: string;
  created_at: string;
  file_rows: number;
  paused: number;
}

interface RawLeftOut {
  file_row: number;
  status: LeftOutRow['status'];
  errors: string | null;
  duplicate_of: number | null;
  payload: string;
}

const toLeftOut = (r: RawLeftOut): LeftOutRow => ({
  row: r.file_row,
  status: r.status,
  errors: r.errors === null ? null : (JSON.parse(r.errors) as Record<string, string>),
  duplicateOf: r.duplicate_of,
  values: JSON.parse(r.payload) as Record<string, string>,
});

const toBatch = (r: RawBatch): Batch => ({
  id: r.id,
  profile: r.profile,
  fileName: r.file_name,
  contentHash: r.content_hash,
  operator: r.operator,
  createdAt: r.created_at,
  fileRows: r.file_rows,
  paused: r.paused === 1,
});

/** The batches of bulk imports in the journal on this computer; actions are recorded under `operator`. */
export function batchMethods(db: Db, operator: string): BatchStore {
  const get = (id: number) => {
    const row = db.stmt('SELECT * FROM batches WHERE id = ?').get(id) as RawBatch | undefined;
    return row && toBatch(row);
  };
  const find = (profile: string, contentHash: string) => {
    const row = db.stmt('SELECT * FROM batches WHERE profile = ? AND content_hash = ?').get(profile, contentHash) as
      RawBatch | undefined;
    return row && toBatch(row);
  };
  const must = (id: number) => {
    const batch = get(id);
    if (!batch) throw new Error(`No batch ${id} in the journal`);
    return batch;
  };
  const idsIn = (batchId: number, states: string) =>
    (
      db
        .stmt(`SELECT id FROM submissions WHERE batch_id = ? AND state IN (${states}) ORDER BY id`)
        .all(batchId) as Array<{
        id: number;
      }>
    ).map((r) => r.id);

  return promised<BatchStore>({
    open: ({ profile, fileName, contentHash, fileRows }) =>
      db.atomically(() => {
        db.stmt(
          `INSERT INTO batches (profile, file_name, content_hash, operator, created_at, file_rows)
               VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (profile, content_hash) DO NOTHING`,
        ).run(profile, fileName, contentHash, operator, new Date().toISOString(), fileRows);
        return find(profile, contentHash)!;
      }),
    get,
    find,
    duplicates: (profile, items) => {
      // Two reads for the chunk find the rows that may have a twin (most of a new file has none);
      // only those are looked up one by one, by the rule the queue applies.
      const found = (column: 'payload_hash' | 'policy', values: string[]) =>
        new Set(
          values.length === 0
            ? []
            : (
                db
                  .stmt(
                    `SELECT DISTINCT ${column} AS v FROM submissions
                      WHERE profile = ? AND kind = 'entry' AND ${column} IN (SELECT value FROM json_each(?))`,
                  )
                  .all(profile, JSON.stringify(values)) as Array<{ v: string }>
              ).map((r) => r.v),
        );
      const hashes = found(
        'payload_hash',
        items.map((i) => i.hash),
      );
      const policies = found(
        'policy',
        items.flatMap((i) => (i.policy ? [i.policy] : [])),
      );
      return items.flatMap(({ row, hash, reference, policy }) => {
        if (!hashes.has(hash) && !(policy && policies.has(policy))) return [];
        const duplicate = findDuplicate(db, 'entry', profile, hash, reference, policy);
        return duplicate ? [{ row, duplicate }] : [];
      });
    },
    recent: (limit) =>
      (db.stmt('SELECT * FROM batches ORDER BY id DESC LIMIT ?').all(limit) as RawBatch[]).map(toBatch),
    queue: (batchId, items) =>
      db.atomically(() => {
        const batch = must(batchId);
        return items.map(({ row, submission: s, allowDuplicate }): BatchQueued => {
          const earlier = db
            .stmt('SELECT id FROM submissions WHERE batch_id = ? AND batch_row = ?')
            .get(batchId, row) as { id: number } | undefined;
          if (earlier) return { row, outcome: 'already', id: earlier.id };
          const duplicate =
            !allowDuplicate &&
            findDuplicate(db, s.kind, batch.profile, s.payloadHash, s.payload.reference ?? '', s.payload.policy ?? '');
          if (duplicate) return { row, outcome: 'duplicate', id: duplicate.id };
          const id = insertQueuedId(db, { ...s, profile: batch.profile, batch: { id: batchId, row } });
          return { row, outcome: 'queued', id };
        });
      }),
    rowNumbers: (batchId) =>
      (
        db
          .stmt('SELECT batch_row AS n FROM submissions WHERE batch_id = ? AND batch_row IS NOT NULL')
          .all(batchId) as Array<{ n: number }>
      ).map((r) => r.n),
    counts: (batchId) => {
      const rows = db
        .stmt('SELECT state, count(*) AS n FROM submissions WHERE batch_id = ? GROUP BY state')
        .all(batchId) as Array<{ state: string; n: number }>;
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as StateCounts;
    },
    progress: (batchId) => {
      // One statement, one snapshot: a row claimed meanwhile is counted once, as it was or as it is.
      const rows = db
        .stmt(
          `SELECT state, count(*) AS n, count(*) FILTER (WHERE next_attempt_at IS NOT NULL) AS retrying
             FROM submissions WHERE batch_id = ? GROUP BY state`,
        )
        .all(batchId) as Array<{ state: string; n: number; retrying: number }>;
      return {
        counts: Object.fromEntries(rows.map((r) => [r.state, r.n])) as StateCounts,
        retrying: rows.find((r) => r.state === 'failed')?.retrying ?? 0,
      };
    },
    setPaused: (batchId, paused) => {
      db.stmt('UPDATE batches SET paused = ? WHERE id = ?').run(paused ? 1 : 0, batchId);
      return must(batchId);
    },
    discardUnsent: (batchId) =>
      db.atomically(() => {
        const ids = idsIn(batchId, `'queued', 'failed'`);
        for (const id of ids) discardRow(db, id, operator, `unsent row of batch ${batchId} discarded`);
        return ids.length;
      }),
    retryFailed: (batchId) =>
      db.atomically(() => {
        const ids = idsIn(batchId, `'failed'`);
        let retried = 0;
        for (const id of ids) {
          const { duplicate } = resendRow(db, id, operator, `failed row of batch ${batchId} retried`);
          if (!duplicate) retried += 1;
          // A row that would repeat one the service stored or may store stays failed, with no retry.
          else
            db.transition(
              id,
              ['failed'],
              'failed',
              { next_attempt_at: null },
              operator,
              `held: possible duplicate of #${duplicate.id}`,
            );
        }
        return retried;
      }),
    leaveOut: (batchId, rows) =>
      db.atomically(() => {
        must(batchId);
        const at = new Date().toISOString();
        for (const r of rows)
          db.stmt(
            `INSERT INTO batch_rows (batch_id, file_row, status, errors, duplicate_of, payload, recorded_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (batch_id, file_row) DO UPDATE SET status = excluded.status, errors = excluded.errors,
                 duplicate_of = excluded.duplicate_of, payload = excluded.payload, recorded_at = excluded.recorded_at`,
          ).run(
            batchId,
            r.row,
            r.status,
            r.errors && JSON.stringify(r.errors),
            r.duplicateOf,
            JSON.stringify(r.values),
            at,
          );
      }),
    leftOut: (batchId) =>
      (
        db
          .stmt(
            `SELECT file_row, status, errors, duplicate_of, payload FROM batch_rows r
              WHERE r.batch_id = ? AND NOT EXISTS
                (SELECT 1 FROM submissions s WHERE s.batch_id = r.batch_id AND s.batch_row = r.file_row)
              ORDER BY file_row`,
          )
          .all(batchId) as RawLeftOut[]
      ).map(toLeftOut),
  });
}
