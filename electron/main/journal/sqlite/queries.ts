import {
  ATTENTION_STATES,
  journalFilterSchema,
  type HistoryRow,
  type JournalFilter,
  type JournalState,
  type SubmissionRow,
} from '@shared/journal/types';
import { REPORT_ATTENTION_LIMIT, type ListPage, type StateCounts } from '../store';
import type { QuerySection } from '../store-sections';
import { promised, type Db } from './db';
import { toHistory, toRow, type RawSubmission } from './rows';
import { personKey } from '@shared/journal/privacy';
import { CUSTOMER_STATES_SQL } from '../customer-match';
import { resolutionOf } from '../resolution';

type Queries = QuerySection;

/** How many rows an iteration reads per page (the table is never read at once). */
const PAGE = 500;

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
function listSubmissions(db: Db, input: JournalFilter): ListPage {
  const filter = journalFilterSchema.parse(input);
  const { sql, params } = whereClause(filter);
  const total = (db.stmt(`SELECT count(*) AS n FROM submissions ${sql}`).get(params) as { n: number }).n;
  const order = `ORDER BY ${filter.sort} ${filter.direction === 'asc' ? 'ASC' : 'DESC'}, id ${filter.direction === 'asc' ? 'ASC' : 'DESC'}`;
  const rows = db
    .stmt(`SELECT * FROM submissions ${sql} ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: filter.limit, offset: filter.offset }) as RawSubmission[];
  return { rows: rows.map(toRow), total, about: false };
}

/** The ids of every row matching the filter, in the filter's order (a snapshot: later changes do not shift it). */
function matchingIds(db: Db, input: JournalFilter): number[] {
  const filter = journalFilterSchema.parse(input);
  const { sql, params } = whereClause(filter);
  const order = `ORDER BY ${filter.sort} ${filter.direction === 'asc' ? 'ASC' : 'DESC'}, id`;
  return db.stmt(`SELECT id FROM submissions ${sql} ${order}`).pluck().all(params) as number[];
}

/** The rows with these ids, in the order given. */
function rowsByIds(db: Db, ids: readonly number[]): SubmissionRow[] {
  const raw = db
    .stmt('SELECT * FROM submissions WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as RawSubmission[];
  const byId = new Map(raw.map((r) => [r.id, toRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many rows wait for a person, by state (the navigation badge). */
function attentionCounts(db: Db): Record<(typeof ATTENTION_STATES)[number], number> {
  const rows = db
    .stmt(
      `SELECT state, count(*) AS n FROM submissions WHERE state IN ('unknown', 'failed', 'rejected') GROUP BY state`,
    )
    .all() as Array<{ state: (typeof ATTENTION_STATES)[number]; n: number }>;
  const counts = { unknown: 0, failed: 0, rejected: 0 };
  for (const r of rows) counts[r.state] = r.n;
  return counts;
}

/**
 * The operators and profiles the journal holds, for the filter choices: each found by skipping
 * through its index from one value to the next, so the cost grows with the names, not the rows.
 */
function facets(db: Db): { operators: string[]; profiles: string[] } {
  const distinct = (column: 'operator' | 'profile') =>
    (
      db
        .stmt(
          `WITH RECURSIVE names (v) AS (
             SELECT min(${column}) FROM submissions
             UNION ALL SELECT (SELECT min(${column}) FROM submissions WHERE ${column} > names.v) FROM names WHERE v IS NOT NULL)
           SELECT v FROM names WHERE v IS NOT NULL`,
        )
        .all() as Array<{ v: string }>
    ).map((r) => r.v);
  return { operators: distinct('operator'), profiles: distinct('profile') };
}

/** The UTC bounds of a date range, both days included. */
function bounds(from: string, to: string) {
  return {
    from: `${from}T00:00:00.000Z`,
    to: new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString(),
  };
}

function grouped(db: Db, column: 'operator' | 'profile', range: { from: string; to: string }) {
  const rows = db
    .stmt(
      `SELECT ${column} AS name, state, count(*) AS n FROM submissions
         WHERE created_at >= @from AND created_at < @to GROUP BY ${column}, state ORDER BY ${column}`,
    )
    .all(range) as Array<{ name: string; state: JournalState; n: number }>;
  const byName = new Map<string, { name: string; total: number; states: StateCounts }>();
  for (const r of rows) {
    const group = byName.get(r.name) ?? { name: r.name, total: 0, states: {} };
    group.states[r.state] = r.n;
    group.total += r.n;
    byName.set(r.name, group);
  }
  return [...byName.values()];
}

/** The daily summary of a date range: counts by state, operator and profile; the unknowns and rejections. */
function dailyReport(db: Db, from: string, to: string) {
  const range = bounds(from, to);
  const states = db
    .stmt(`SELECT state, count(*) AS n FROM submissions WHERE created_at >= @from AND created_at < @to GROUP BY state`)
    .all(range) as Array<{ state: JournalState; n: number }>;
  const byState: StateCounts = Object.fromEntries(states.map((r) => [r.state, r.n]));
  const where = `created_at >= @from AND created_at < @to AND state IN ('unknown', 'rejected')`;
  const attention = (
    db
      .stmt(`SELECT * FROM submissions WHERE ${where} ORDER BY created_at, id LIMIT ${REPORT_ATTENTION_LIMIT}`)
      .all(range) as RawSubmission[]
  ).map(toRow);
  const attentionTotal = (db.stmt(`SELECT count(*) AS n FROM submissions WHERE ${where}`).get(range) as { n: number })
    .n;
  const corrected = (
    db
      .stmt(
        `SELECT * FROM submissions WHERE created_at >= @from AND created_at < @to AND state = 'superseded'
           ORDER BY created_at, id LIMIT ${REPORT_ATTENTION_LIMIT}`,
      )
      .all(range) as RawSubmission[]
  ).map(toRow);
  return {
    from,
    to,
    total: states.reduce((sum, r) => sum + r.n, 0),
    byState,
    byOperator: grouped(db, 'operator', range),
    byProfile: grouped(db, 'profile', range),
    attention,
    attentionTotal,
    corrected,
    generatedAt: new Date().toISOString(),
  };
}

/**
 * The latest entry of the profile for this surname and postcode that still has its personal
 * details (compared as a person is found: fd_person_key, Unicode lower case without spaces).
 */
function latestCustomer(db: Db, profile: string, surname: string, postcode: string): SubmissionRow | undefined {
  const raw = db
    .stmt(
      `SELECT * FROM submissions WHERE profile = ? AND kind = 'entry' AND personal_removed_at IS NULL
         AND state IN (${CUSTOMER_STATES_SQL}) AND fd_person_key(postcode) = ? AND fd_person_key(surname) = ?
         ORDER BY id DESC LIMIT 1`,
    )
    .get(profile, personKey(postcode), personKey(surname)) as RawSubmission | undefined;
  return raw && toRow(raw);
}

type RawHistory = Parameters<typeof toHistory>[0];

/** Every matching row (the matches fixed when it starts), read a page at a time. */
async function* pages(db: Db, filter: JournalFilter): AsyncGenerator<SubmissionRow> {
  const ids = matchingIds(db, filter);
  for (let start = 0; start < ids.length; start += PAGE) {
    yield* rowsByIds(db, ids.slice(start, start + PAGE));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The histories of several rows in one read, each in order. */
function readHistories(db: Db, ids: readonly number[]): Map<number, HistoryRow[]> {
  const rows = db
    .stmt('SELECT * FROM history WHERE submission_id IN (SELECT value FROM json_each(?)) ORDER BY submission_id, id')
    .all(JSON.stringify(ids)) as Array<RawHistory & { submission_id: number }>;
  const byRow = new Map<number, HistoryRow[]>(ids.map((id) => [id, []]));
  for (const r of rows) byRow.get(r.submission_id)?.push(toHistory(r));
  return byRow;
}

/** Reading the journal on this computer: rows, histories, the list's pages, counts and the daily summary. */
export function queryMethods(db: Db): Queries {
  return {
    ...promised<Omit<Queries, 'iterate'>>({
      get: (id) => db.get(id),
      history: (id) =>
        (db.stmt('SELECT * FROM history WHERE submission_id = ? ORDER BY id').all(id) as RawHistory[]).map(toHistory),
      histories: (ids) => readHistories(db, ids),
      resolutions: (ids) => {
        const found = new Map<number, HistoryRow>();
        for (const [id, history] of readHistories(db, ids)) {
          const resolution = resolutionOf(history);
          if (resolution) found.set(id, resolution);
        }
        return found;
      },
      list: (filter) => listSubmissions(db, filter),
      attention: () => attentionCounts(db),
      facets: () => facets(db),
      report: (from, to) => dailyReport(db, from, to),
      customer: (profile, surname, postcode) => latestCustomer(db, profile, surname, postcode),
      entriesFor: (recordids) =>
        (
          db
            .stmt(
              `SELECT * FROM submissions WHERE recordid IN (SELECT value FROM json_each(?)) AND kind = 'entry'
                 ORDER BY id DESC`,
            )
            .all(JSON.stringify(recordids)) as RawSubmission[]
        ).map(toRow),
    }),
    iterate: (filter) => pages(db, filter),
  };
}
