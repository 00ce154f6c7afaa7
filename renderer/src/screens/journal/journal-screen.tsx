import { useMemo, useRef } from 'react';
import { navigate, readQuery, useHashQuery } from '../../use-hash-route';
import { EntryDetail } from './detail/entry-detail';
import { FiltersBar } from './filters-bar';
import { JournalList } from './journal-list';
import { filterKey, journalQuery, parseJournalQuery, type JournalView, type ListFilter } from './journal-view';
import './journal.css';

/** Shows a view of the journal; a new history entry, so Back returns to the view before. */
const show = (view: JournalView) => navigate('journal', journalQuery(view));

/**
 * The Journal screen (`#/journal?…`): filters, the list of every submission and, beside it, the
 * detail of the row opened (its id in the hash). Everything that makes the view is in the hash,
 * so a view can be returned to and linked.
 */
export function JournalScreen({ inUse }: { inUse: string | null }) {
  const query = useHashQuery();
  const view = useMemo(() => parseJournalQuery(query), [query]);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const setFilter = (filter: ListFilter) => show({ filter, id: view.id });
  const patchFilter = (patch: Partial<ListFilter>, unless?: (now: ListFilter) => boolean) => {
    const now = parseJournalQuery(readQuery());
    if (!unless?.(now.filter)) show({ ...now, filter: { ...now.filter, ...patch } });
  };
  const close = () => {
    show({ ...view, id: null });
    gridRef.current?.focus();
  };

  return (
    <div className={`journal${view.id === null ? '' : ' with-detail'}`}>
      <div className="screen-head">
        <h1 id="journal-title">Journal</h1>
        <p className="hint">Arrows move through the entries, Enter opens one, Space selects, Esc closes the detail.</p>
      </div>
      <FiltersBar filter={view.filter} onPatch={patchFilter} />
      <div className="journal-body">
        <JournalList
          key={filterKey(view.filter)}
          filter={view.filter}
          gridRef={gridRef}
          onFilter={setFilter}
          onOpen={(id) => show({ ...view, id })}
          onEscape={() => view.id !== null && close()}
          inUse={inUse}
        />
        {view.id !== null && (
          <div className="detail-panel">
            <EntryDetail id={view.id} onClose={close} />
          </div>
        )}
      </div>
    </div>
  );
}
