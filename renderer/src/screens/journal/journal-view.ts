import {
  ATTENTION_STATES,
  JOURNAL_STATES,
  SORT_COLUMNS,
  SUBMISSION_KINDS,
  type JournalState,
  type SortColumn,
  type SubmissionKind,
} from '@shared/journal/states';
import { checkIsoDate } from '@shared/entry/normalise';
import { JOURNAL_DEFAULT_SORT } from '@shared/ipc/startup-reads';

/** The list's filter and order as the hash holds it: the journal filter without its window. */
export interface ListFilter {
  from?: string;
  to?: string;
  states?: JournalState[];
  kind?: SubmissionKind;
  operator?: string;
  profile?: string;
  text?: string;
  /** Rows of one bulk import. */
  batch?: number;
  reviewed?: boolean;
  sort: SortColumn;
  direction: 'asc' | 'desc';
}

/** What the Journal screen shows: a filtered, sorted list and the row open in detail, if any. */
export interface JournalView {
  filter: ListFilter;
  id: number | null;
}

/** Newest first, the way a supervisor starts the day. */
export const DEFAULT_SORT: Pick<ListFilter, 'sort' | 'direction'> = JOURNAL_DEFAULT_SORT;

const MAX_TEXT = 200;
// A real calendar date, YYYY-MM-DD, checked without a schema library (the Journal's chunk loads none).
const isDate = (value: string | null): value is string => value !== null && checkIsoDate(value).ok;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);
const isId = (value: string | null): value is string => value !== null && /^[1-9]\d{0,14}$/.test(value);
const shortText = (value: string | null): string | undefined =>
  value && value.trim() && value.length <= MAX_TEXT ? value : undefined;

/**
 * Reads the view from the hash query (`states=unknown,failed&text=smith&sort=created_at&dir=desc
 * &from=…&to=…&kind=…&operator=…&profile=…&batch=12&reviewed=no&id=42`). Anything unknown or
 * malformed is ignored, so an old or hand-edited link still opens a sensible view.
 */
export function parseJournalQuery(query: string): JournalView {
  const params = new URLSearchParams(query);
  const filter: ListFilter = {
    sort: oneOf(SORT_COLUMNS, params.get('sort')) ?? DEFAULT_SORT.sort,
    direction: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? DEFAULT_SORT.direction,
  };
  const from = params.get('from');
  const to = params.get('to');
  if (isDate(from)) filter.from = from;
  if (isDate(to)) filter.to = to;
  const states = (params.get('states') ?? '').split(',').flatMap((s) => oneOf(JOURNAL_STATES, s) ?? []);
  if (states.length) filter.states = JOURNAL_STATES.filter((s) => states.includes(s));
  const kind = oneOf(SUBMISSION_KINDS, params.get('kind'));
  if (kind) filter.kind = kind;
  for (const key of ['operator', 'profile', 'text'] as const) {
    const value = shortText(params.get(key));
    if (value) filter[key] = value;
  }
  const batch = params.get('batch');
  if (isId(batch)) filter.batch = Number(batch);
  const reviewed = params.get('reviewed');
  if (reviewed === 'yes' || reviewed === 'no') filter.reviewed = reviewed === 'yes';
  const id = params.get('id');
  return { filter, id: isId(id) ? Number(id) : null };
}

/** Writes a view as the hash query, in a fixed order, leaving out what is default. */
export function journalQuery({ filter, id }: JournalView): string {
  const params = new URLSearchParams();
  if (filter.states?.length) params.set('states', filter.states.join(','));
  if (filter.text) params.set('text', filter.text);
  if (filter.sort !== DEFAULT_SORT.sort || filter.direction !== DEFAULT_SORT.direction) {
    params.set('sort', filter.sort);
    params.set('dir', filter.direction);
  }
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.operator) params.set('operator', filter.operator);
  if (filter.profile) params.set('profile', filter.profile);
  if (filter.batch !== undefined) params.set('batch', String(filter.batch));
  if (filter.reviewed !== undefined) params.set('reviewed', filter.reviewed ? 'yes' : 'no');
  if (id !== null) params.set('id', String(id));
  // Commas need no escaping in a hash; left readable, the state list reads as it is written.
  return params.toString().replaceAll('%2C', ',');
}

/** One string per distinct filter: the list's windows are cached under it and dropped when it changes. */
export function filterKey(filter: ListFilter): string {
  return journalQuery({ filter, id: null });
}

/** Whether the filter shows exactly the rows that need a person (the "Needs attention" view). */
export function isAttentionFilter(filter: ListFilter): boolean {
  const states = filter.states ?? [];
  return states.length === ATTENTION_STATES.length && ATTENTION_STATES.every((s) => states.includes(s));
}

/** The filter with nothing chosen, keeping the order. */
export function clearedFilter(filter: ListFilter): ListFilter {
  return { sort: filter.sort, direction: filter.direction };
}
