import { useEffect, useRef, useState } from 'react';
import type { JournalListRow } from '@shared/ipc/contract';
import { calls } from './actions';

/** How long typing pauses before the journal is asked. */
export const SEARCH_DEBOUNCE_MS = 200;
const LIMIT = 20;

/** What tells entries of the same name apart, beyond the list's columns; '' where the entry holds none. */
export interface EntryTraits {
  initials: string;
  postcode: string;
  totalValue: string;
  /** The journal id of a cancellation filed for the entry (not rejected or discarded), if any. */
  cancelledBy: number | null;
}

/** The states in which a cancellation stands (or may yet be sent): the duplicate check's. */
const LIVE = new Set(['queued', 'sending', 'accepted', 'failed', 'unknown']);

/** An entry's traits from its journal detail; blank when the detail cannot be read. */
async function traitsOf(id: number): Promise<EntryTraits> {
  const result = await calls.journal.get({ id });
  if (!result.ok) return { initials: '', postcode: '', totalValue: '', cancelledBy: null };
  const { row, links } = result.data;
  const cancellation = links.findLast((link) => link.kind === 'cancellation' && LIVE.has(link.state));
  return {
    initials: row.payload.initials ?? '',
    postcode: row.payload.postcode ?? '',
    totalValue: row.payload.total_value ?? '',
    cancelledBy: cancellation?.id ?? null,
  };
}

/** What the search shows: the journal's last answer (and to which text), and whether a newer one is coming. */
export interface SearchState {
  /** The text the rows answer; '' before any question. */
  answered: string;
  rows: JournalListRow[];
  /** Each row's traits, by journal id. */
  traits: ReadonlyMap<number, EntryTraits>;
  /** More entries match than are listed. */
  more: boolean;
  searching: boolean;
  error: string | null;
}

const NONE: SearchState = { answered: '', rows: [], traits: new Map(), more: false, searching: false, error: null };

/** Accepted entries first (only they have a recordid to cancel), the journal's order kept within each group. */
const acceptedFirst = (rows: JournalListRow[]) =>
  [...rows].sort((a, b) => Number(b.state === 'accepted') - Number(a.state === 'accepted'));

/**
 * Finds entries of a profile in the journal as the clerk types (recordid, reference or surname),
 * once typing pauses, each with what tells it apart (initials, postcode, value, a cancellation
 * already filed); an answer to an older text is dropped. No polling: one question per pause.
 */
export function useEntrySearch(profile: string) {
  const [text, setText] = useState('');
  const [state, setState] = useState<SearchState>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = async (query: string) => {
    const result = await calls.journal.list({ text: query, kind: 'entry', profile, limit: LIMIT });
    if (latest.current !== query) return;
    if (!result.ok) return setState({ ...NONE, answered: query, error: result.error.message });
    // The rows at once; what tells them apart follows as soon as it is read.
    const rows = acceptedFirst(result.data.rows);
    setState({ ...NONE, answered: query, rows, more: result.data.total > LIMIT });
    const traits = new Map(await Promise.all(rows.map(async (row) => [row.id, await traitsOf(row.id)] as const)));
    setState((s) => (s.answered === query && s.rows === rows ? { ...s, traits } : s));
  };

  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const query = value.trim();
    latest.current = query;
    if (!query) return setState(NONE);
    setState((s) => ({ ...s, searching: true }));
    timer.current = setTimeout(() => void ask(query), SEARCH_DEBOUNCE_MS);
  };

  return { text, type, state };
}
