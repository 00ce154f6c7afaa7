import { useEffect, useRef, useState } from 'react';
import type { JournalListRow } from '../../../../shared/ipc/contract';
import { api } from '../../api';

/** How long typing pauses before the journal is asked. */
export const SEARCH_DEBOUNCE_MS = 200;
const LIMIT = 20;

/** What the search shows: the journal's last answer (and to which text), and whether a newer one is coming. */
export interface SearchState {
  /** The text the rows answer; '' before any question. */
  answered: string;
  rows: JournalListRow[];
  /** More entries match than are listed. */
  more: boolean;
  searching: boolean;
  error: string | null;
}

const NONE: SearchState = { answered: '', rows: [], more: false, searching: false, error: null };

/** Accepted entries first (only they have a recordid to cancel), the journal's order kept within each group. */
const acceptedFirst = (rows: JournalListRow[]) =>
  [...rows].sort((a, b) => Number(b.state === 'accepted') - Number(a.state === 'accepted'));

/**
 * Finds entries of a profile in the journal as the clerk types (recordid, reference or surname),
 * once typing pauses; an answer to an older text is dropped. No polling: one question per pause.
 */
export function useEntrySearch(profile: string) {
  const [text, setText] = useState('');
  const [state, setState] = useState<SearchState>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = async (query: string) => {
    const result = await api.journal.list({ text: query, kind: 'entry', profile, limit: LIMIT });
    if (latest.current !== query) return;
    setState(
      result.ok
        ? { ...NONE, answered: query, rows: acceptedFirst(result.data.rows), more: result.data.total > LIMIT }
        : { ...NONE, answered: query, error: result.error.message },
    );
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
