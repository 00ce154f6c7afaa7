import { journalFilterSchema, type JournalFilter } from '@shared/journal/types';

/** A parsed filter (defaults applied). */
export type ParsedFilter = ReturnType<typeof journalFilterSchema.parse>;

/** The first instant after a date's day, UTC (the `to` bound is inclusive of its day). */
export const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

/** Columns that may be NULL: sorted as SQLite does (NULL first ascending, last descending). */
const NULLABLE = new Set(['recordid', 'reviewed_at']);

/**
 * The WHERE clause and its bound parameters for a filter, the same matches as the SQLite journal:
 * free text is a case-insensitive substring of reference, surname, policy or postcode (served by
 * the trigram index where there is one), or, when all digits, an exact id or recordid.
 */
export function whereClause(input: JournalFilter, params: unknown[] = []) {
  const filter = journalFilterSchema.parse(input);
  const clauses: string[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  if (filter.from) clauses.push(`created_at >= ${p(`${filter.from}T00:00:00.000Z`)}::timestamptz`);
  if (filter.to) clauses.push(`created_at < ${p(dayAfter(filter.to))}::timestamptz`);
  if (filter.states?.length) clauses.push(`state = ANY (${p(filter.states)}::text[])`);
  for (const key of ['kind', 'operator', 'profile'] as const) {
    if (filter[key]) clauses.push(`${key} = ${p(filter[key])}`);
  }
  if (filter.reviewed !== undefined) clauses.push(filter.reviewed ? 'reviewed_at IS NOT NULL' : 'reviewed_at IS NULL');
  if (filter.recordid !== undefined) {
    const recordid = p(filter.recordid);
    clauses.push(`(recordid = ${recordid}::bigint OR original_recordid = ${recordid}::bigint)`);
  }
  if (filter.batch !== undefined) clauses.push(`batch_id = ${p(filter.batch)}::bigint`);
  const text = filter.text?.trim();
  if (text) {
    const like = p(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // One expression over the four columns (a unit separator between them, so a match never spans
    // two), the one the trigram index is built on.
    const matches = [`(reference || chr(31) || surname || chr(31) || policy || chr(31) || postcode) ILIKE ${like}`];
    if (/^\d{1,15}$/.test(text)) {
      const id = p(Number(text));
      matches.unshift(`recordid = ${id}::bigint`, `id = ${id}::bigint`);
    }
    clauses.push(`(${matches.join(' OR ')})`);
  }
  return { filter, sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * ORDER BY for a filter's sort (a column name from SORT_COLUMNS, checked by the schema) of the
 * table aliased `s`, id breaking ties.
 */
export function orderBy(filter: ParsedFilter, tieDirection?: 'asc' | 'desc'): string {
  const dir = filter.direction === 'asc' ? 'ASC' : 'DESC';
  const nulls = NULLABLE.has(filter.sort) ? (dir === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST') : '';
  const tie = (tieDirection ?? filter.direction) === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY s.${filter.sort} ${dir}${nulls}, s.id ${tie}`;
}
