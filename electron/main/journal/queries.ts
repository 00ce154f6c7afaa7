import type Database from 'better-sqlite3';
import { journalFilterSchema, type JournalFilter, type SubmissionRow } from '../../../shared/journal/types';
import { toRow, type RawSubmission } from './rows';

function whereClause(filter: ReturnType<typeof journalFilterSchema.parse>) {
  const clauses: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.from) {
    clauses.push('created_at >= @from');
    params.from = `${filter.from}T00:00:00.000Z`;
  }
  if (filter.to) {
    clauses.push('created_at < @to');
    params.to = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  }
  if (filter.states?.length) {
    clauses.push('state IN (SELECT value FROM json_each(@states))');
    params.states = JSON.stringify(filter.states);
  }
  for (const key of ['kind', 'operator', 'profile'] as const) {
    if (filter[key]) {
      clauses.push(`${key} = @${key}`);
      params[key] = filter[key];
    }
  }
  if (filter.reviewed !== undefined) clauses.push(filter.reviewed ? 'reviewed_at IS NOT NULL' : 'reviewed_at IS NULL');
  if (filter.recordid !== undefined) {
    clauses.push('(recordid = @recordid OR original_recordid = @recordid)');
    params.recordid = filter.recordid;
  }
  if (filter.batch !== undefined) {
    clauses.push('batch_id = @batch');
    params.batch = filter.batch;
  }
  const text = filter.text?.trim();
  if (text) {
    const id = /^\d+$/.test(text) ? Number(text) : null; // `= NULL` matches nothing
    if ([...text].length >= 3) {
      // Trigram index: substring match, case-insensitive, without scanning the table.
      clauses.push(
        '(recordid = @id OR id = @id OR id IN (SELECT rowid FROM submissions_fts WHERE submissions_fts MATCH @match))',
      );
      params.match = `"${text.replace(/"/g, '""')}"`;
    } else {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      clauses.push(
        `(recordid = @id OR id = @id OR reference LIKE @like ESCAPE '\\' OR surname LIKE @like ESCAPE '\\' ` +
          `OR policy LIKE @like ESCAPE '\\' OR postcode LIKE @like ESCAPE '\\')`,
      );
      params.like = like;
    }
    params.id = id;
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of the journal matching the filter, with the total count of matches. */
export function listSubmissions(db: Database.Database, input: JournalFilter): { rows: SubmissionRow[]; total: number } {
  const filter = journalFilterSchema.parse(input);
  const { sql, params } = whereClause(filter);
  const total = (db.prepare(`SELECT count(*) AS n FROM submissions ${sql}`).get(params) as { n: number }).n;
  const order = `ORDER BY ${filter.sort} ${filter.direction === 'asc' ? 'ASC' : 'DESC'}, id ${filter.direction === 'asc' ? 'ASC' : 'DESC'}`;
  const rows = db
    .prepare(`SELECT * FROM submissions ${sql} ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: filter.limit, offset: filter.offset }) as RawSubmission[];
  return { rows: rows.map(toRow), total };
}

/** The ids of every row matching the filter, in the filter's order (a snapshot: later changes do not shift it). */
export function matchingIds(db: Database.Database, input: JournalFilter): number[] {
  const filter = journalFilterSchema.parse(input);
  const { sql, params } = whereClause(filter);
  const order = `ORDER BY ${filter.sort} ${filter.direction === 'asc' ? 'ASC' : 'DESC'}, id`;
  return db.prepare(`SELECT id FROM submissions ${sql} ${order}`).pluck().all(params) as number[];
}

/** The rows with these ids, in the order given. */
export function rowsByIds(db: Database.Database, ids: readonly number[]): SubmissionRow[] {
  const raw = db
    .prepare('SELECT * FROM submissions WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as RawSubmission[];
  const byId = new Map(raw.map((r) => [r.id, toRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
