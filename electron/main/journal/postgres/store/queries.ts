import type pg from 'pg';
import type { JournalState, SubmissionRow } from '@shared/journal/types';
import { REPORT_ATTENTION_LIMIT, type JournalStore, type StateCounts } from '../../store';
import type { QuerySection } from '../../store-sections';
import type { Db } from '../connection/db';
import { dayAfter, orderBy, whereClause } from './filters';
import { isoColumn, ROW_COLUMNS, toHistory, toRow, type PgSubmission } from './rows';
import { CUSTOMER_STATES_SQL } from '../../customer-match';

type Queries = QuerySection;

/** How many rows iterate() fetches from its cursor at a time. */
const PAGE = 500;

/** The review queries: list, export, badge counts, filter choices and the daily report. */
export function queryMethods(db: Db): Queries {
  const get = async (id: number) => {
    const row = await db.first<PgSubmission>(`SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE id = $1`, [id]);
    return row && toRow(row);
  };

  /**
   * How many rows match: exactly, or, past `upTo` matches, the planner's estimate (`about`), so a
   * screen showing a year's journal does not count a million rows on every page it asks for.
   */
  async function countMatches(sql: string, params: unknown[], upTo?: number) {
    if (upTo === undefined) {
      const all = await db.first<{ n: string }>(`SELECT count(*) AS n FROM feed_desk.submissions s ${sql}`, params);
      return { total: Number(all?.n ?? 0), about: false };
    }
    const capped = await db.first<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM feed_desk.submissions s ${sql} LIMIT ${upTo + 1}) AS m`,
      params,
    );
    const exact = Number(capped?.n ?? 0);
    if (exact <= upTo) return { total: exact, about: false };
    const [plan] = await db.rows<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM feed_desk.submissions s ${sql}`,
      params,
    );
    const estimate = Math.round(plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    return { total: Math.max(exact, estimate), about: true };
  }

  async function grouped(column: 'operator' | 'profile', from: string, to: string) {
    const rows = await db.rows<{ name: string; state: JournalState; n: string }>(
      `SELECT ${column} AS name, state, count(*) AS n FROM feed_desk.submissions
         WHERE created_at >= $1 AND created_at < $2 GROUP BY ${column}, state ORDER BY ${column}`,
      [from, to],
    );
    const byName = new Map<string, { name: string; total: number; states: StateCounts }>();
    for (const r of rows) {
      const group = byName.get(r.name) ?? { name: r.name, total: 0, states: {} };
      group.states[r.state] = Number(r.n);
      group.total += Number(r.n);
      byName.set(r.name, group);
    }
    return [...byName.values()];
  }

  return {
    get,

    async histories(ids) {
      const rows = await db.rows<Parameters<typeof toHistory>[0] & { submission_id: string }>(
        `SELECT submission_id, from_state, to_state, actor, ${isoColumn('h.at', 'at')}, note FROM feed_desk.history h
           WHERE submission_id = ANY ($1::bigint[]) ORDER BY submission_id, h.id`,
        [ids],
      );
      const byRow = new Map<number, ReturnType<typeof toHistory>[]>(ids.map((id) => [id, []]));
      for (const r of rows) byRow.get(Number(r.submission_id))?.push(toHistory(r));
      return byRow;
    },

    async resolutions(ids) {
      // resolutionOf in SQL: the last entry a person (not the software) wrote that changed the state.
      const rows = await db.rows<Parameters<typeof toHistory>[0] & { submission_id: string }>(
        `SELECT DISTINCT ON (submission_id) submission_id, from_state, to_state, actor, ${isoColumn('h.at', 'at')}, note
           FROM feed_desk.history h
          WHERE submission_id = ANY ($1::bigint[]) AND from_state IS NOT NULL AND from_state <> to_state
            AND actor <> 'system' AND actor NOT LIKE 'system %'
          ORDER BY submission_id, h.id DESC`,
        [ids],
      );
      return new Map(rows.map((r) => [Number(r.submission_id), toHistory(r)]));
    },

    async history(id) {
      const rows = await db.rows<Parameters<typeof toHistory>[0]>(
        `SELECT from_state, to_state, actor, ${isoColumn('h.at', 'at')}, note FROM feed_desk.history h
           WHERE submission_id = $1 ORDER BY h.id`,
        [id],
      );
      return rows.map(toHistory);
    },

    async list(input, { countUpTo } = {}) {
      const { filter, sql, params } = whereClause(input);
      const [page, counted] = await Promise.all([
        // The window's ids first (an index-only walk past the offset), then only those rows read whole.
        db.rows<PgSubmission>(
          `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s
             JOIN (SELECT s.id FROM feed_desk.submissions s ${sql} ${orderBy(filter)}
               LIMIT $${params.length + 1} OFFSET $${params.length + 2}) AS page ON page.id = s.id
             ${orderBy(filter)}`,
          [...params, filter.limit, filter.offset],
        ),
        countMatches(sql, params, countUpTo),
      ]);
      return { rows: page.map(toRow), ...counted };
    },

    async customer(profile, surname, postcode) {
      // As feed_desk.person_key compares (a clerk may not call it): lower case, no spaces.
      const key = (column: string) => `lower(regexp_replace(${column}, '\\s+', '', 'g'))`;
      const row = await db.first<PgSubmission>(
        `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s
           WHERE profile = $1 AND kind = 'entry' AND personal_removed_at IS NULL AND state IN (${CUSTOMER_STATES_SQL})
             AND ${key('postcode')} = ${key('$3')} AND ${key('surname')} = ${key('$2')}
           ORDER BY id DESC LIMIT 1`,
        [profile, surname, postcode],
      );
      return row && toRow(row);
    },

    async entriesFor(recordids) {
      const rows = await db.rows<PgSubmission>(
        `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE recordid = ANY ($1::bigint[]) AND kind = 'entry'
           ORDER BY id DESC`,
        [recordids],
      );
      return rows.map(toRow);
    },

    iterate(input) {
      return iterateRows(db, input);
    },

    async attention() {
      const rows = await db.rows<{ state: 'unknown' | 'failed' | 'rejected'; n: string }>(
        `SELECT state, count(*) AS n FROM feed_desk.submissions
           WHERE state IN ('unknown', 'failed', 'rejected') GROUP BY state`,
      );
      const counts = { unknown: 0, failed: 0, rejected: 0 };
      for (const r of rows) counts[r.state] = Number(r.n);
      return counts;
    },

    async facets() {
      const distinct = async (column: 'operator' | 'profile') =>
        (await db.rows<{ v: string }>(`SELECT DISTINCT ${column} AS v FROM feed_desk.submissions ORDER BY v`)).map(
          (r) => r.v,
        );
      const [operators, profiles] = await Promise.all([distinct('operator'), distinct('profile')]);
      return { operators, profiles };
    },

    async report(from, to) {
      const range = [`${from}T00:00:00.000Z`, dayAfter(to)];
      const where = `created_at >= $1 AND created_at < $2`;
      const attentionWhere = `${where} AND state IN ('unknown', 'rejected')`;
      const [states, attention, attentionTotal, byOperator, byProfile, corrected] = await Promise.all([
        db.rows<{ state: JournalState; n: string }>(
          `SELECT state, count(*) AS n FROM feed_desk.submissions WHERE ${where} GROUP BY state`,
          range,
        ),
        db.rows<PgSubmission>(
          `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE ${attentionWhere}
             ORDER BY s.created_at, s.id LIMIT ${REPORT_ATTENTION_LIMIT}`,
          range,
        ),
        db.first<{ n: string }>(`SELECT count(*) AS n FROM feed_desk.submissions WHERE ${attentionWhere}`, range),
        grouped('operator', range[0] ?? '', range[1] ?? ''),
        grouped('profile', range[0] ?? '', range[1] ?? ''),
        db.rows<PgSubmission>(
          `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE ${where} AND state = 'superseded'
             ORDER BY s.created_at, s.id LIMIT ${REPORT_ATTENTION_LIMIT}`,
          range,
        ),
      ]);
      return {
        from,
        to,
        total: states.reduce((sum, r) => sum + Number(r.n), 0),
        byState: Object.fromEntries(states.map((r) => [r.state, Number(r.n)])),
        byOperator,
        byProfile,
        attention: attention.map(toRow),
        attentionTotal: Number(attentionTotal?.n ?? 0),
        corrected: corrected.map(toRow),
        generatedAt: new Date().toISOString(),
      };
    },
  };
}

/**
 * Every matching row through a cursor in one read-only snapshot, PAGE rows at a time; the
 * connection goes back to the pool when the loop ends, however it ends.
 */
async function* iterateRows(db: Db, input: Parameters<JournalStore['iterate']>[0]): AsyncGenerator<SubmissionRow> {
  const { filter, sql, params } = whereClause(input);
  const client = await db.pool.connect();
  let failed = false;
  let next: Promise<pg.QueryResult<PgSubmission>> | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(
      `DECLARE feed_desk_rows NO SCROLL CURSOR FOR
         SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s ${sql} ${orderBy(filter, 'asc')}`,
      params,
    );
    // The next page is asked for before this one is handed over: the database reads it meanwhile.
    const fetch = () => client.query<PgSubmission>(`FETCH ${PAGE} FROM feed_desk_rows`);
    next = fetch();
    for (;;) {
      const page: pg.QueryResult<PgSubmission> = await next;
      next = page.rows.length < PAGE ? undefined : fetch();
      for (const row of page.rows) yield toRow(row);
      if (!next) break;
    }
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    await next?.catch(() => undefined);
    await client.query(failed ? 'ROLLBACK' : 'COMMIT').catch(() => undefined);
    client.release(failed);
  }
}
