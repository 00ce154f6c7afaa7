import { flexRender, type Header, type Table } from '@tanstack/react-table';
import type { ListItem } from './list-item';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROW = { asc: '▲', desc: '▼' } as const;

/** The grid's header row: each sortable column's name is a button (click or Enter sorts; again reverses). */
export function GridHeader({ table }: { table: Table<ListItem> }) {
  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="grid-row">
        {table.getHeaderGroups()[0]?.headers.map((header) => (
          <HeaderCell key={header.id} header={header} />
        ))}
      </div>
    </div>
  );
}

function HeaderCell({ header }: { header: Header<ListItem, unknown> }) {
  const { column } = header;
  const content = flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) {
    return (
      <div role="columnheader" className={`cell col-${column.id}`}>
        {content}
      </div>
    );
  }
  const sorted = column.getIsSorted();
  const next = sorted
    ? sorted === 'asc'
      ? 'descending'
      : 'ascending'
    : column.getFirstSortDir() === 'asc'
      ? 'ascending'
      : 'descending';
  return (
    <div role="columnheader" className={`cell col-${column.id}`} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <button
        type="button"
        className="sort"
        onClick={column.getToggleSortingHandler()}
        title={`Sort by ${String(column.columnDef.header)}, ${next}`}
      >
        {content}
        <span aria-hidden="true" className="arrow">
          {sorted ? ARROW[sorted] : ''}
        </span>
      </button>
    </div>
  );
}
