import { JOURNAL_DEFAULT_SORT, JOURNAL_WINDOW } from '@shared/ipc/startup-reads';
import type { ResponseOf } from '@shared/ipc/contract';
import { readQuery } from '../../route';
import { calls } from './actions';

type JournalList = ResponseOf<'journal:list'>;

/** The slot for the first window: open from askFirstWindow until the first list takes from it. */
let slot: { answer: JournalList | null; changed: boolean; stop: () => void } | null = null;

/**
 * On the unfiltered Journal (a row open in the detail or not), takes the first window the preload
 * asked for as the page started; settles once it is here, so the first render can show the rows
 * (main.tsx waits for it). `onChanges`: the journal feed's, so a change before the list takes the
 * window makes it stale.
 */
export function askFirstWindow(onChanges: (listener: () => void) => () => void): Promise<unknown> {
  const params = new URLSearchParams(readQuery());
  params.delete('id');
  if (params.size > 0) return Promise.resolve();
  const mine = { answer: null as JournalList | null, changed: false, stop: () => undefined as void };
  // A change in the journal before the list takes the window makes it stale: the list asks afresh.
  mine.stop = onChanges(() => (mine.changed = true));
  slot = mine;
  return calls.journal.list({ ...JOURNAL_DEFAULT_SORT, offset: 0, limit: JOURNAL_WINDOW }).then(
    (answer) => (mine.answer = answer.ok ? answer.data : null),
    () => undefined,
  );
}

/**
 * The unfiltered list's first window askFirstWindow took, if it arrived and nothing changed since;
 * the first call closes the slot, so an answer arriving later is never shown.
 */
export function takeFirstWindow(): JournalList | null {
  const taken = slot && !slot.changed ? slot.answer : null;
  slot?.stop();
  slot = null;
  return taken;
}
