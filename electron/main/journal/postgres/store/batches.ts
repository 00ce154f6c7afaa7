import type { Batch, BatchQueued, BatchStore, LeftOutRow, StateCounts } from '../../store';
import type { Db } from '../connection/db';
import { iso, ROW_COLUMNS, toRow, type PgSubmission } from './rows';

/** Rows queued per transaction: the duplicate guard locks at most two keys per row. */
const LOCKED_ROWS = 50;

interface PgBatch {
  id: number | string;
  profile: string;
  file_name: string;
  content_hash: string;
  operator: string;
  created_at: Date | string;
  file_rows: number;
  paused: boolean;
}

const toBatch = (r: PgBatch): Batch => ({
  id: Number(r.id),
  profile: r.profile,
  fileName: r.file_name,
  contentHash: r.content_hash,
  operator: r.operator,
  createdAt: iso(r.created_at) ?? '',
  fileRows: r.file_rows,
  paused: r.paused,
});

async function one(db: Db, sql: string, params: unknown[]): Promise<Batch> {
  const row = await db.first<PgBatch>(sql, params);
  if (!row) throw new Error('The office journal returned no batch');
  return toBatch(row);
}

/** Discards a batch's unsent rows or retries its failed ones (feed_desk.settle_batch); returns how many. */
async function settle(db: Db, batchId: number, action: 'discard' | 'retry'): Promise<number> {
  const row = await db.first<{ n: number }>('SELECT feed_desk.settle_batch($1, $2) AS n', [batchId, action]);
  return Number(row?.n ?? 0);
}

/** The batches of bulk imports in the office journal, through the database's functions. */
export function batchMethods(db: Db): BatchStore {
  return {
    open: ({ profile, fileName, contentHash, fileRows }) =>
      one(db, 'SELECT * FROM feed_desk.open_batch($1, $2, $3, $4)', [profile, fileName, contentHash, fileRows]),
    async get(id) {
      const row = await db.first<PgBatch>('SELECT * FROM feed_desk.batches WHERE id = $1', [id]);
      return row && toBatch(row);
    },
    async find(profile, contentHash) {
      // Batches are keyed per person: another person's import of the same file is another batch.
      const row = await db.first<PgBatch>(
        'SELECT * FROM feed_desk.batches WHERE profile = $1 AND content_hash = $2 AND operator = session_user',
        [profile, contentHash],
      );
      return row && toBatch(row);
    },
    async duplicates(profile, items) {
      // The same matches as feed_desk.queue's check: identical content, or the same policy number.
      const rows = await db.rows<PgSubmission & { file_row: number }>(
        `SELECT i.file_row, ${ROW_COLUMNS}
           FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[]) AS i (file_row, hash, reference, policy)
           CROSS JOIN LATERAL (
             SELECT * FROM feed_desk.submissions d
              WHERE d.profile = $1 AND d.kind = 'entry'
                AND d.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
                AND (d.payload_hash = i.hash OR (i.policy <> '' AND d.policy = i.policy))
              ORDER BY d.id DESC LIMIT 1) s
          ORDER BY i.file_row`,
        [
          profile,
          items.map((i) => i.row),
          items.map((i) => i.hash),
          items.map((i) => i.reference),
          items.map((i) => i.policy),
        ],
      );
      return rows.map((r) => ({ row: r.file_row, duplicate: toRow(r) }));
    },
    async recent(limit) {
      const rows = await db.rows<PgBatch>('SELECT * FROM feed_desk.batches ORDER BY id DESC LIMIT $1', [limit]);
      return rows.map(toBatch);
    },
    async queue(batchId, items) {
      // A transaction per 50 rows: the duplicate guard takes at most 100 locks at once (two per row).
      const queued: BatchQueued[] = [];
      for (let at = 0; at < items.length; at += LOCKED_ROWS) {
        const part = items.slice(at, at + LOCKED_ROWS);
        const rows = await db.rows<{ file_row: number; outcome: BatchQueued['outcome']; submission_id: string }>(
          'SELECT * FROM feed_desk.queue_batch($1, $2::integer[], $3::json[], $4::text[], $5::boolean[])',
          [
            batchId,
            part.map((i) => i.row),
            part.map((i) => JSON.stringify(i.submission.payload)),
            part.map((i) => i.submission.payloadHash),
            part.map((i) => i.allowDuplicate),
          ],
        );
        // queue_batch answers rows that repeat an earlier row of the call after the others: back into the items' order.
        const place = new Map(part.map((item, k) => [item.row, k]));
        rows.sort((x, y) => place.get(x.file_row)! - place.get(y.file_row)!);
        queued.push(...rows.map((r) => ({ row: r.file_row, outcome: r.outcome, id: Number(r.submission_id) })));
      }
      return queued;
    },
    async rowNumbers(batchId) {
      const rows = await db.rows<{ n: number }>(
        'SELECT batch_row AS n FROM feed_desk.submissions WHERE batch_id = $1 AND batch_row IS NOT NULL',
        [batchId],
      );
      return rows.map((r) => r.n);
    },
    async counts(batchId) {
      const rows = await db.rows<{ state: string; n: string }>(
        'SELECT state, count(*) AS n FROM feed_desk.submissions WHERE batch_id = $1 GROUP BY state',
        [batchId],
      );
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) as StateCounts;
    },
    async progress(batchId) {
      // One statement, one snapshot: a row claimed meanwhile is counted once, as it was or as it is.
      const rows = await db.rows<{ state: string; n: string; retrying: string }>(
        `SELECT state, count(*) AS n, count(*) FILTER (WHERE next_attempt_at IS NOT NULL) AS retrying
           FROM feed_desk.submissions WHERE batch_id = $1 GROUP BY state`,
        [batchId],
      );
      return {
        counts: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) as StateCounts,
        retrying: Number(rows.find((r) => r.state === 'failed')?.retrying ?? 0),
      };
    },
    setPaused: (batchId, paused) => one(db, 'SELECT * FROM feed_desk.set_batch_paused($1, $2)', [batchId, paused]),
    discardUnsent: (batchId) => settle(db, batchId, 'discard'),
    retryFailed: (batchId) => settle(db, batchId, 'retry'),
    async leaveOut(batchId, rows) {
      await db.first(
        'SELECT feed_desk.leave_out($1, $2::integer[], $3::text[], $4::json[], $5::bigint[], $6::json[]) AS n',
        [
          batchId,
          rows.map((r) => r.row),
          rows.map((r) => r.status),
          rows.map((r) => r.errors && JSON.stringify(r.errors)),
          rows.map((r) => r.duplicateOf),
          rows.map((r) => JSON.stringify(r.values)),
        ],
      );
    },
    async leftOut(batchId) {
      const rows = await db.rows<{
        file_row: number;
        status: LeftOutRow['status'];
        errors: Record<string, string> | null;
        duplicate_of: string | null;
        payload: Record<string, string>;
      }>(
        `SELECT file_row, status, errors, duplicate_of, payload FROM feed_desk.batch_rows r
          WHERE r.batch_id = $1 AND NOT EXISTS
            (SELECT 1 FROM feed_desk.submissions s WHERE s.batch_id = r.batch_id AND s.batch_row = r.file_row)
          ORDER BY file_row`,
        [batchId],
      );
      return rows.map((r) => ({
        row: r.file_row,
        status: r.status,
        errors: r.errors,
        duplicateOf: r.duplicate_of === null ? null : Number(r.duplicate_of),
        values: r.payload,
      }));
    },
  };
}
