import { useState, useSyncExternalStore, type RefObject } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { calls } from './actions';
import { navigate } from '../../use-hash-route';
import { JournalGrid } from './journal-grid';
import { SidewaysNote } from './sideways-note';
import { JournalToolbar, type Notice } from './journal-toolbar';
import { localDate } from './journal-format';
import { filterKey, type ListFilter } from './journal-view';
import { OutboxStrip } from './outbox-strip';
import { ReviewDialog } from './review-dialog';
import { RowWindows } from './row-windows';
import { useOutbox } from './use-outbox';
import { useAltShortcuts } from './use-shortcuts';
import { useJournalLocation } from '../../use-journal-location';

interface JournalListProps {
  /** The filter this list shows; a new filter drops every window and mounts a new grid. */
  filter: ListFilter;
  gridRef: RefObject<HTMLDivElement | null>;
  onFilter(filter: ListFilter): void;
  /** The row whose detail is shown: the active row follows it. */
  openId: number | null;
  onOpen(id: number, focus: boolean): void;
  onEscape(): void;
  /** The profile in use (shown in the top bar): sending control's shortcuts act on it unless a profile is filtered. */
  inUse: string | null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
/** An estimate to two significant figures (1,000,066 → 1,000,000): no more precise than it is. */
const roughly = (n: number) => Number(n.toPrecision(2));

/**
 * The list of one filter with what acts on it: the count of matches, the actions (mark reviewed,
 * export, daily summary), sending control, and the grid with its selection and active row.
 */
export function JournalList({ filter, gridRef, openId, onFilter, onOpen, onEscape, inUse }: JournalListProps) {
  const key = filterKey(filter);
  const [shown, setShown] = useState(() => ({ key, windows: new RowWindows(filter) }));
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState(0);
  const [followed, setFollowed] = useState<number | null>(null);
  // Another filter: its own rows (every window of the old one dropped), nothing selected, the
  // first row active. The list itself stays (sending control and its answers are kept).
  if (shown.key !== key) {
    setShown({ key, windows: new RowWindows(filter) });
    setSelection({});
    setActive(0);
    setFollowed(null);
  }
  const windows = shown.windows;
  useSyncExternalStore(windows.subscribe, windows.getVersion);
  // The open row is the active row: when another row is opened (a link, the page loaded with one
  // open), the active row moves to it once its window has arrived.
  if (openId !== null && openId !== followed) {
    const index = windows.indexOf(openId);
    if (index >= 0) {
      setFollowed(openId);
      setActive(index);
    }
  } else if (openId === null && followed !== null) setFollowed(null);
  const [reviewing, setReviewing] = useState<number[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [withoutPersonal, setWithoutPersonal] = useState(false);
  const outbox = useOutbox();
  const clerk = useJournalLocation().location?.role === 'clerk';

  const total = windows.total ?? 0;
  const selected = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const activeRow = windows.row(active);
  const targets = selected.length ? selected : activeRow ? [activeRow.id] : [];
  const loaded = windows.loaded();
  const waiting = loaded.filter((r) => r.state === 'queued' || r.state === 'failed').map((r) => r.profile);
  // Alt+P and Alt+S act on one named profile: the filtered one, else the one in use; its bar comes first.
  const target = filter.profile ?? inUse;
  const others = filter.profile ? [] : [...new Set([...waiting, ...outbox.paused])].filter((p) => p !== target);
  const profiles = [...(target ? [target] : []), ...others.sort()];

  const review = async (ids: number[], note: string) => {
    const result = await calls.journal.review({ ids, ...(note ? { note } : {}) });
    if (!result.ok) return setNotice({ text: result.error.message, error: true });
    setSelection({});
    setNotice({ text: `Marked ${plural(result.data.reviewed, 'entry', 'entries')} reviewed.`, error: false });
  };
  const exportCsv = async () => {
    setNotice(null);
    const result = await calls.journal.export({ ...filter, personal: !withoutPersonal });
    if (!result.ok) return setNotice({ text: result.error.message, error: true });
    const { path, rows } = result.data;
    if (path) setNotice({ text: `Saved ${plural(rows, 'row', 'rows')} to ${path}`, error: false });
  };
  const exportBatch = async (batch: number) => {
    setNotice(null);
    const result = await calls.imports.exportResults({ batch, personal: !withoutPersonal });
    if (!result.ok) return setNotice({ text: result.error.message, error: true });
    const { path, rows } = result.data;
    if (path) setNotice({ text: `Saved the results of ${plural(rows, 'row', 'rows')} to ${path}`, error: false });
  };
  const summary = () => {
    const to = filter.to ?? (filter.from && filter.from > localDate() ? filter.from : localDate());
    navigate('summary', new URLSearchParams({ from: filter.from ?? to, to }).toString());
  };
  const actions = {
    review: () => targets.length > 0 && setReviewing(targets),
    exportCsv: () => void exportCsv(),
    summary,
    ...(filter.batch !== undefined && { exportBatch: () => void exportBatch(filter.batch!) }),
  };
  useAltShortcuts({
    r: actions.review,
    e: actions.exportCsv,
    d: actions.summary,
    ...(target &&
      !clerk && {
        p: () => void outbox.setPaused(target, !outbox.paused.includes(target)),
        s: () => void outbox.sendNow(target),
      }),
  });

  return (
    <div className="journal-list">
      <div className="list-head">
        <p id="journal-count" className="count" role="status">
          {windows.total === null
            ? 'Loading…'
            : windows.about
              ? `About ${roughly(total).toLocaleString()} entries match`
              : `${plural(total, 'entry matches', 'entries match')}`}
          {selected.length > 0 && `, ${selected.length.toLocaleString()} selected`}
        </p>
        <JournalToolbar
          targets={targets.length}
          actions={actions}
          notice={notice}
          withoutPersonal={withoutPersonal}
          onWithoutPersonal={setWithoutPersonal}
        />
      </div>
      <OutboxStrip profiles={profiles} target={target} outbox={outbox} clerk={clerk} />
      {windows.error && (
        <p role="alert" className="banner error">
          The journal could not be read: {windows.error}
        </p>
      )}
      <SidewaysNote key={`note-${shown.key}`} gridRef={gridRef} />
      <JournalGrid
        key={shown.key}
        gridRef={gridRef}
        windows={windows}
        total={total}
        filter={filter}
        onSort={(sort, direction) => onFilter({ ...filter, sort, direction })}
        selection={selection}
        onSelectionChange={setSelection}
        active={active}
        onActive={setActive}
        openId={openId}
        onOpen={onOpen}
        onEscape={onEscape}
      />
      {windows.total === 0 && <p className="hint empty">No entries match these filters.</p>}
      {reviewing && (
        <ReviewDialog
          count={reviewing.length}
          onCancel={() => setReviewing(null)}
          onConfirm={(note) => {
            setReviewing(null);
            void review(reviewing, note);
          }}
        />
      )}
    </div>
  );
}
