import { useState, type KeyboardEvent } from 'react';
import type { JournalListRow } from '@shared/ipc/contract';
import { STATE_LABELS } from '@shared/journal/state-words';
import { useEntrySearch, type EntryTraits, type SearchState } from './use-entry-search';
import { dayOf } from '../../moments';

const FINDER_ID = 'cancel-find';
const LIST_ID = 'cancel-find-list';
const optionId = (row: JournalListRow) => `cancel-find-${row.id}`;
/** Only an entry the service accepted has a recordid a cancellation can name. */
const pickable = (row: JournalListRow) => row.state === 'accepted' && row.recordid !== null;

/** The search's state in a sentence, for the live region under the field. */
function statusWords(state: SearchState, text: string, profile: string): string {
  if (!text.trim()) return '';
  if (state.searching) return 'Searching…';
  if (state.error) return state.error;
  const { rows, more } = state;
  if (rows.length === 0) return `No entry of profile ${profile} matches “${state.answered}”.`;
  const accepted = rows.filter(pickable).length;
  const found = `${more ? `The latest ${rows.length}` : rows.length} ${rows.length === 1 ? 'entry' : 'entries'} found`;
  if (accepted === 0) return `${found}, none accepted: only an accepted entry can be cancelled.`;
  return `${found}, ${accepted} accepted. Arrow keys to choose, Enter to take it.`;
}

/** One entry found: what tells it apart from others of the same name, and a cancellation already filed. */
function EntryOption({ row, traits }: { row: JournalListRow; traits: EntryTraits | undefined }) {
  const name = [traits?.initials, row.surname].filter(Boolean).join(' ');
  return (
    <>
      <span className="opt-recordid">{row.recordid ?? 'no recordid'}</span>{' '}
      <span className="opt-reference">{row.reference || '–'}</span> <span className="opt-name">{name || '–'}</span>{' '}
      <span className="opt-postcode">{traits?.postcode || '–'}</span>{' '}
      <span className="opt-value">{traits?.totalValue ? `value ${traits.totalValue}` : 'no value'}</span>{' '}
      <span>{row.policy || '–'}</span> <span className="opt-date">keyed {dayOf(row.createdAt)}</span>{' '}
      <span className="opt-state">
        {STATE_LABELS[row.state]}
        {traits && traits.cancelledBy !== null && (
          <strong className="opt-cancelled">, already cancelled (#{traits.cancelledBy})</strong>
        )}
      </span>
    </>
  );
}

/**
 * "Find the original entry": a combobox over the profile's entries in the journal (recordid,
 * reference or surname, as you type). Arrow keys move through the accepted ones, Enter or a click
 * takes one, Escape closes the list. Entries not accepted are listed, greyed, with their state;
 * each shows initials, postcode, value and keyed date, and a cancellation already filed for it.
 * It has the caret when it appears: on opening the screen, and for each new cancellation.
 */
export function EntryFinder({ profile, onPick }: { profile: string; onPick: (row: JournalListRow) => void }) {
  const { text, type, state } = useEntrySearch(profile);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState({ answered: '', id: -1 });
  const { rows } = state;
  const current = active.answered === state.answered ? rows.find((r) => r.id === active.id) : undefined;
  const shown = open && text.trim() !== '' && rows.length > 0;

  /** Moves through the accepted entries; a list opened again starts from its first (or, going up, last). */
  const move = (step: 1 | -1) => {
    const choices = rows.filter(pickable);
    if (choices.length === 0) return;
    const at = current && shown ? choices.indexOf(current) : step === 1 ? -1 : 0;
    const next = choices[(at + step + choices.length) % choices.length] as JournalListRow;
    setActive({ answered: state.answered, id: next.id });
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };
  const pick = (row: JournalListRow) => {
    setOpen(false);
    onPick(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && shown && current) {
      event.preventDefault();
      pick(current);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <section className="finder card" aria-labelledby="finder-title">
      <h2 id="finder-title">Original entry</h2>
      <label htmlFor={FINDER_ID}>Find the original entry</label>
      <input
        id={FINDER_ID}
        // The screen starts here; a new cancellation mounts a fresh finder.
        autoFocus
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={shown && current ? optionId(current) : undefined}
        aria-describedby="cancel-find-hint"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setOpen(true);
          type(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <p className="hint" id="cancel-find-hint">
        Recordid, reference or surname of an entry of profile {profile}
      </p>
      <ul id={LIST_ID} role="listbox" aria-label="Entries found" className="finder-list" hidden={!shown}>
        {rows.map((row) => (
          <li
            key={row.id}
            id={optionId(row)}
            role="option"
            aria-selected={row === current}
            aria-disabled={pickable(row) ? undefined : true}
            className={`finder-option state-${row.state}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pickable(row) && pick(row)}
          >
            <EntryOption row={row} traits={state.traits.get(row.id)} />
          </li>
        ))}
      </ul>
      <p role="status" className="hint finder-status" data-testid="finder-status">
        {statusWords(state, text, profile)}
      </p>
    </section>
  );
}
