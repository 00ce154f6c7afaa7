import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { isTyping } from './use-shortcuts';

/** How long typing pauses before the search is written to the hash (and the list asks main). */
export const SEARCH_DEBOUNCE_MS = 200;

interface SearchFieldProps {
  /** The search the hash holds now. */
  value: string;
  /** Writes the search; `before` is the search the text was typed over (a write is dropped if it moved on). */
  onChange(text: string | undefined, before: string): void;
  /** ↓ or Enter: what was typed is searched at once and the focus moves to the results. */
  onToResults(): void;
}

/**
 * The free-text search: what is typed shows at once and is written to the hash once typing
 * pauses. A change of the hash from elsewhere (Back, Clear filters) replaces the text, but the
 * hash catching up with what was typed does not. "/" anywhere outside a field focuses it; ↓ or
 * Enter in it moves to the results.
 */
export function SearchField({ value, onChange, onToResults }: SearchFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState({ text: value, seen: value, written: value });
  if (value !== state.seen) {
    const external = value !== state.written;
    setState({ text: external ? value : state.text, seen: value, written: external ? value : state.written });
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      clearTimeout(timer.current);
    };
  }, []);

  const write = (text: string) => {
    const written = text.trim() ? text : '';
    setState((s) => ({ ...s, written }));
    onChange(written || undefined, value);
  };
  const type = (text: string) => {
    setState((s) => ({ ...s, text }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(text), SEARCH_DEBOUNCE_MS);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if ((event.key !== 'ArrowDown' && event.key !== 'Enter') || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    clearTimeout(timer.current);
    if (state.text !== state.written) write(state.text);
    onToResults();
  };

  return (
    <div className="filter search">
      <label htmlFor="journal-search">
        Search <kbd>/</kbd>
      </label>
      <input
        id="journal-search"
        ref={input}
        type="search"
        value={state.text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="reference, surname, policy, postcode, recordid"
        title="Search reference, surname, policy, postcode or recordid (/)"
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
