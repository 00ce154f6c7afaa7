import { useEffect, useMemo, useRef } from 'react';
import { navigate, readQuery, useHashQuery } from '../../use-hash-route';
import { EntryDetail } from './detail/entry-detail';
import { FiltersBar } from './filters-bar';
import { JournalList } from './journal-list';
import { clearedFilter, journalQuery, parseJournalQuery, type JournalView, type ListFilter } from './journal-view';
import { useAltShortcuts } from './use-shortcuts';
import './journal.css';

/** Shows a view of the journal; a new history entry (so Back returns to the view before) unless `replace`. */
const show = (view: JournalView, replace = false) => navigate('journal', journalQuery(view), { replace });

/**
 * The Journal screen (`#/journal?…`): filters, the list of every submission and, beside it, the
 * detail of the row opened (its id in the hash). Everything that makes the view is in the hash,
 * so a view can be returned to and linked. Keyboard first: the list takes the focus when the
 * screen is shown and Alt+J brings it back there; a click shows a row's detail and leaves the
 * focus in the list, Enter moves it into the detail and Escape back to the same row.
 */
export function JournalScreen({ inUse }: { inUse: string | null }) {
  const query = useHashQuery();
  const view = useMemo(() => parseJournalQuery(query), [query]);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  // Whether the next detail shown takes the focus: yes for a link or Enter, no for a click or an arrow in the list.
  const detailFocus = useRef(true);
  const focusGrid = () => gridRef.current?.focus();
  const setFilter = (filter: ListFilter) => show({ filter, id: view.id });
  const patchFilter = (patch: Partial<ListFilter>, unless?: (now: ListFilter) => boolean) => {
    const now = parseJournalQuery(readQuery());
    if (!unless?.(now.filter)) show({ ...now, filter: { ...now.filter, ...patch } });
  };
  const close = () => {
    show({ ...view, id: null });
    focusGrid();
  };
  const open = (id: number, focus: boolean) => {
    if (id === view.id) {
      if (focus) headingRef.current?.focus();
      return;
    }
    detailFocus.current = focus;
    // Following the list with the detail open rewrites the view rather than piling up history.
    show({ ...view, id }, !focus && view.id !== null);
  };
  useEffect(() => {
    if (view.id !== null && detailFocus.current) headingRef.current?.focus();
    detailFocus.current = true;
  }, [view.id]);
  useAltShortcuts({ j: focusGrid });

  return (
    <div className={`journal${view.id === null ? '' : ' with-detail'}`}>
      <div className="screen-head">
        <h1 id="journal-title">Journal</h1>
        <p className="hint">
          Arrows move through the entries, Enter opens one, Space selects, Shift+arrows select more, Esc closes the
          detail.
        </p>
      </div>
      <FiltersBar
        filter={view.filter}
        onPatch={patchFilter}
        onClear={() => {
          focusGrid();
          show({ filter: clearedFilter(view.filter), id: view.id });
        }}
        onToResults={focusGrid}
      />
      <div className="journal-body">
        <JournalList
          filter={view.filter}
          gridRef={gridRef}
          openId={view.id}
          onFilter={setFilter}
          onOpen={open}
          onEscape={() => view.id !== null && close()}
          inUse={inUse}
        />
        {view.id !== null && (
          <div className="detail-panel">
            <EntryDetail id={view.id} headingRef={headingRef} onClose={close} />
          </div>
        )}
      </div>
    </div>
  );
}
