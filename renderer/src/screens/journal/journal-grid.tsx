import { useEffect, useMemo, type RefObject } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SortColumn } from '@shared/journal/types';
import { useScreenDateOrder } from '../../preferences';
import { gridKeyHandler } from './grid-keys';
import { journalColumns } from './journal-columns';
import type { ListItem } from './list-item';
import { onJournalChanges } from '../../journal-feed/journal-feed';
import type { ListFilter } from './journal-view';
import type { RowWindows } from './row-windows';
import { GridHeader } from './grid-header';

/** Row and header heights in CSS pixels; journal.css sets the same. */
const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 36;

interface JournalGridProps {
  gridRef: RefObject<HTMLDivElement | null>;
  windows: RowWindows;
  total: number;
  filter: ListFilter;
  onSort(sort: SortColumn, direction: 'asc' | 'desc'): void;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  active: number;
  onActive(index: number): void;
  /** The row whose detail is shown, if any: moving the active row then shows the row moved to. */
  openId: number | null;
  /** Shows a row's detail; `focus`: and moves the focus into it (Enter), else the grid keeps it (a click). */
  onOpen(id: number, focus: boolean): void;
  onEscape(): void;
}

/** The DOM id of the row at a list position (for aria-activedescendant). */
export const rowDomId = (index: number) => `journal-row-${index}`;

/**
 * The journal list: one focusable ARIA grid (the active row is its aria-activedescendant), with
 * TanStack Table for columns, sorting and selection state, and TanStack Virtual rendering only
 * the rows in view (the virtualiser positions them itself). Rows come from `windows` on demand.
 */
export function JournalGrid(props: JournalGridProps) {
  const { gridRef, windows, total, filter, selection, active } = props;
  const order = useScreenDateOrder();
  const columns = useMemo(() => journalColumns(order), [order]);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    directDomUpdates: true,
    // Every row is ROW_HEIGHT tall: a row's size is never read back from the layout.
    useCachedMeasurements: true,
    // Until the grid is measured: the window's size, so the first render has the rows in view.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const version = windows.version;
  // `version` is a dependency on purpose: it changes when windows' rows arrive.
  const data = useMemo<ListItem[]>(
    () => items.map((v) => ({ index: v.index, row: windows.row(v.index) })),
    [items, windows, version],
  );

  useEffect(() => windows.need(first, last), [windows, first, last]);
  // A new list (another filter, the screen just shown) takes the focus when nothing else holds it:
  // the old list had it, or the screen before was left.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) gridRef.current?.focus();
  }, [gridRef]);
  useEffect(() => onJournalChanges(() => windows.refresh()), [windows]);

  const loadedRows = windows.loaded();
  const sorting: SortingState = [{ id: filter.sort, desc: filter.direction === 'desc' }];
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (item) => (item.row ? String(item.row.id) : `at-${item.index}`),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: (row) => row.original.row !== undefined,
    state: { sorting, rowSelection: selection },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      if (next) props.onSort(next.id as SortColumn, next.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: props.onSelectionChange,
    meta: {
      loaded: loadedRows.length,
      loadedSelected: loadedRows.filter((r) => selection[r.id]).length,
      selectLoaded: (on) => props.onSelectionChange(on ? Object.fromEntries(loadedRows.map((r) => [r.id, true])) : {}),
    },
  });

  const move = (index: number) => {
    props.onActive(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const row = windows.row(index);
    if (props.openId !== null && row && row.id !== props.openId) props.onOpen(row.id, false);
  };
  const activeRow = windows.row(active);
  const onKeyDown = gridKeyHandler({
    active,
    total,
    pageSize: () => Math.max(1, Math.floor(((gridRef.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT) - 1),
    move,
    extend: (from, to) => {
      const [a, b] = [windows.row(from), windows.row(to)];
      // Back over rows already selected shrinks the run; onwards grows it.
      const shrink = a && b && selection[a.id] && selection[b.id];
      if (a && b)
        props.onSelectionChange((before) => ({
          ...before,
          ...(shrink ? { [a.id]: false } : { [a.id]: true, [b.id]: true }),
        }));
      move(to);
    },
    open: () => activeRow && props.onOpen(activeRow.id, true),
    toggle: () =>
      activeRow && props.onSelectionChange((before) => ({ ...before, [activeRow.id]: !before[activeRow.id] })),
    escape: props.onEscape,
  });
  const activeShown = items.some((v) => v.index === active) && active < total;

  return (
    <div
      ref={gridRef}
      role="grid"
      tabIndex={0}
      className="journal-grid"
      aria-labelledby="journal-title"
      aria-describedby="journal-count"
      aria-rowcount={total + 1}
      aria-colcount={columns.length}
      aria-multiselectable="true"
      aria-activedescendant={activeShown ? rowDomId(active) : undefined}
      onKeyDown={onKeyDown}
    >
      <GridHeader table={table} />
      <div role="rowgroup" className="grid-body" ref={virtualizer.containerRef}>
        {table.getRowModel().rows.map((row) => {
          const { index, row: entry } = row.original;
          return (
            <div
              key={index}
              id={rowDomId(index)}
              role="row"
              aria-rowindex={index + 2}
              aria-selected={entry ? row.getIsSelected() : undefined}
              data-index={index}
              ref={virtualizer.measureElement}
              className={`grid-row${index === active ? ' active' : ''}${entry ? ` state-${entry.state}` : ' loading'}`}
              onClick={() => {
                props.onActive(index);
                if (entry) props.onOpen(entry.id, false);
              }}
            >
              {row.getVisibleCells().map((cell) => (
                <div
                  key={cell.column.id}
                  role="gridcell"
                  className={`cell col-${cell.column.id}`}
                  title={cell.column.columnDef.meta?.titled ? String(cell.getValue() ?? '') || undefined : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
