import { calls } from './actions';
import { readQuery } from '../../route';

/** Rows fetched per request: a few screens' worth, so scrolling asks main rarely and each answer stays small. */
export const WINDOW = 100;

/** Newest first, the way a supervisor starts the day. */
export const DEFAULT_SORT = { sort: 'created_at', direction: 'desc' } as const;

type ListAnswer = ReturnType<typeof calls.journal.list>;

let early: { key: string; answer: ListAnswer } | null = null;

/**
 * Asks main for the first window of the Journal's list now, before React (or the Journal's module)
 * is loaded, when the page opens on the Journal's unfiltered view (a row open in the detail or
 * not): the answer is on its way while the screen is loaded and rendered. Other views ask when
 * their list is shown.
 */
export function askFirstWindow(): void {
  const params = new URLSearchParams(readQuery());
  params.delete('id');
  if (params.size > 0) return;
  const filter = { sort: DEFAULT_SORT.sort, direction: DEFAULT_SORT.direction };
  early = { key: JSON.stringify(filter), answer: calls.journal.list({ ...filter, offset: 0, limit: WINDOW }) };
}

/** The answer askFirstWindow asked for, if it is for this filter's first window; given once. */
export function takeFirstWindow(filter: object): ListAnswer | null {
  const taken = early && early.key === JSON.stringify(filter) ? early.answer : null;
  early = null;
  return taken;
}
