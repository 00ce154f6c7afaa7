import { createColumnHelper, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { JournalListRow } from '@shared/ipc/contract';
import { dateTime } from './journal-format';
import { SelectAllBox, SelectBox } from './select-boxes';
import { StateCell } from './state-cell';
import type { ListItem } from './list-item';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own parameter, merged
  interface TableMeta<TData extends RowData> {
    /** How many rows are fetched so far, and how many of them are selected. */
    loaded: number;
    loadedSelected: number;
    /** Selects (or clears) every fetched row. */
    selectLoaded(on: boolean): void;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own parameters, merged
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cell's text is also its title (the whole value, where the column cuts it short). */
    titled?: boolean;
  }
}

const helper = createColumnHelper<ListItem>();

/**
 * A text column that sorts by the server column of the same name. Its text is the cell's only
 * content, with the cell as its title (journal-grid.tsx): no element inside the cell.
 */
const text = (id: 'reference' | 'surname' | 'policy' | 'operator' | 'profile', header: string) =>
  helper.accessor((item) => item.row?.[id] ?? '', {
    id,
    header,
    sortDescFirst: false,
    meta: { titled: true },
    cell: ({ getValue }) => getValue(),
  });

/**
 * A row's recordid; a cancellation's is the entry's it cancels, labelled ("cancels 100001"), its
 * own (if the service gave one) in the title.
 */
function RecordidCell({ row }: { row: JournalListRow | undefined }) {
  if (!row) return null;
  if (row.kind !== 'cancellation' || row.originalRecordid === null) return <>{row.recordid ?? '–'}</>;
  const own = row.recordid === null ? '' : `Recordid ${row.recordid}; `;
  return (
    <span title={`${own}cancels the entry with recordid ${row.originalRecordid}`}>cancels {row.originalRecordid}</span>
  );
}

/**
 * The list's columns, those that tell rows apart first (time, state, reference, surname, recordid,
 * policy: they stay in view in a narrow list, time giving way in the narrowest); Kind yields first. Each sortable column's id is the server's sort column, so TanStack Table's
 * sorting state is the hash's `sort`/`dir` as it is (sorting is done by main: manualSorting).
 */
export function journalColumns(order: ScreenDateOrder): ColumnDef<ListItem, unknown>[] {
  const columns = [
    helper.display({
      id: 'select',
      header: ({ table }) => <SelectAllBox meta={table.options.meta} />,
      cell: ({ row }) => <SelectBox row={row} />,
    }),
    helper.accessor((item) => item.row?.createdAt ?? '', {
      id: 'created_at',
      header: 'Time',
      sortDescFirst: true,
      cell: ({ getValue }) => (getValue() ? <time dateTime={getValue()}>{dateTime(getValue(), order)}</time> : ''),
    }),
    helper.accessor((item) => item.row?.state ?? '', {
      id: 'state',
      header: 'State',
      sortDescFirst: false,
      cell: ({ row }) => (row.original.row ? <StateCell row={row.original.row} /> : 'Loading…'),
    }),
    text('reference', 'Reference'),
    text('surname', 'Surname'),
    helper.accessor((item) => item.row?.recordid ?? null, {
      id: 'recordid',
      header: 'Recordid',
      sortDescFirst: true,
      cell: ({ row }) => <RecordidCell row={row.original.row} />,
    }),
    text('policy', 'Policy'),
    helper.accessor((item) => item.row?.kind ?? '', {
      id: 'kind',
      header: 'Kind',
      sortDescFirst: false,
      cell: ({ getValue }) => (getValue() === 'cancellation' ? 'Cancellation' : getValue() ? 'Entry' : ''),
    }),
    text('operator', 'Operator'),
    text('profile', 'Profile'),
    helper.accessor((item) => item.row?.attempts ?? null, {
      id: 'attempts',
      header: 'Attempts',
      sortDescFirst: true,
      cell: ({ getValue }) => getValue(),
    }),
    helper.accessor((item) => item.row?.reviewedAt ?? null, {
      id: 'reviewed_at',
      header: 'Reviewed',
      sortDescFirst: true,
      cell: ({ row }) => <ReviewedMark row={row.original.row} order={order} />,
    }),
  ];
  return columns as ColumnDef<ListItem, unknown>[];
}

function ReviewedMark({ row, order }: { row: JournalListRow | undefined; order: ScreenDateOrder }) {
  if (!row?.reviewedAt) return null;
  const who = `Reviewed by ${row.reviewedBy ?? 'someone'} at ${dateTime(row.reviewedAt, order)}`;
  return (
    <span className="reviewed" title={who}>
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">{who}</span>
    </span>
  );
}
