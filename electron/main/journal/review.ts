import type { JournalState, SubmissionRow } from '../../../shared/journal/types';
import { ATTENTION_STATES } from '../../../shared/journal/types';
import type { Journal } from './journal';
import { toRow, type RawSubmission } from './rows';

type StateCounts = Partial<Record<JournalState, number>>;

/** How many rows wait for a person, by state (the navigation badge). */
export function attentionCounts(journal: Journal): Record<(typeof ATTENTION_STATES)[number], number> {
  const rows = journal
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
export function facets(journal: Journal): { operators: string[]; profiles: string[] } {
  const distinct = (column: 'operator' | 'profile') =>
    (
      journal
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

function grouped(journal: Journal, column: 'operator' | 'profile', range: { from: string; to: string }) {
  const rows = journal
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

/** How many attention rows a report lists at most (the total is given beside them). */
export const REPORT_ATTENTION_LIMIT = 500;

/** The daily summary of a date range: counts by state, operator and profile; the unknowns and rejections. */
export function dailyReport(journal: Journal, from: string, to: string) {
  const range = bounds(from, to);
  const states = journal
    .stmt(`SELECT state, count(*) AS n FROM submissions WHERE created_at >= @from AND created_at < @to GROUP BY state`)
    .all(range) as Array<{ state: JournalState; n: number }>;
  const byState: StateCounts = Object.fromEntries(states.map((r) => [r.state, r.n]));
  const where = `created_at >= @from AND created_at < @to AND state IN ('unknown', 'rejected')`;
  const attention = (
    journal
      .stmt(`SELECT * FROM submissions WHERE ${where} ORDER BY created_at, id LIMIT ${REPORT_ATTENTION_LIMIT}`)
      .all(range) as RawSubmission[]
  ).map(toRow);
  const attentionTotal = (
    journal.stmt(`SELECT count(*) AS n FROM submissions WHERE ${where}`).get(range) as { n: number }
  ).n;
  const corrected = (
    journal
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
    byOperator: grouped(journal, 'operator', range),
    byProfile: grouped(journal, 'profile', range),
    attention,
    attentionTotal,
    corrected,
    generatedAt: new Date().toISOString(),
  };
}

/** A row as the Journal screen's list shows it (no payload). */
export function toListRow(row: SubmissionRow) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    kind: row.kind,
    state: row.state,
    recordid: row.recordid,
    reference: row.reference,
    surname: row.surname,
    policy: row.policy,
    operator: row.operator,
    profile: row.profile,
    attempts: row.attempts,
    errorCode: row.errorCode,
    nextAttemptAt: row.nextAttemptAt,
    reviewedAt: row.reviewedAt,
    reviewedBy: row.reviewedBy,
  };
}
