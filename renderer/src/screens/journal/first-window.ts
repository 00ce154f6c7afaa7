import { JOURNAL_DEFAULT_SORT, JOURNAL_WINDOW } from '@shared/ipc/startup-reads';
import type { ResponseOf } from '@shared/ipc/contract';
import { readQuery } from '../../route';
import { calls } from './actions';

type JournalList = ResponseOf<'journal:list'>;

let arrived: JournalList | null = null;

/**
 * On the unfiltered Journal (a row open in the detail or not), takes the first window the preload
 * asked for as the page started; settles once it is here, so the first render can show the rows
 * (main.tsx waits for it).
 */
export function askFirstWindow(): Promise<unknown> {
  const params = new URLSearchParams(readQuery());
  params.delete('id');
  if (params.size > 0) return Promise.resolve();
  return calls.journal.list({ ...JOURNAL_DEFAULT_SORT, offset: 0, limit: JOURNAL_WINDOW }).then(
    (answer) => (arrived = answer.ok ? answer.data : null),
    () => undefined,
  );
}

/** The unfiltered list's first window askFirstWindow took, if it has arrived: given once. */
export function takeFirstWindow(): JournalList | null {
  const taken = arrived;
  arrived = null;
  return taken;
}
