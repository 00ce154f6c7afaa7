import type { Row, TableMeta } from '@tanstack/react-table';
import type { ListItem } from './list-item';

/**
 * A row's selection box. Out of the tab order: the list is one tab stop and Space selects the
 * active row; the box is there to show the choice and for the mouse.
 */
export function SelectBox({ row }: { row: Row<ListItem> }) {
  const entry = row.original.row;
  if (!entry) return null;
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
      onClick={(event) => event.stopPropagation()}
      aria-label={`Select entry ${entry.reference || entry.id}`}
    />
  );
}

/** The header's box: selects every row fetched so far (or clears them when all are selected). */
export function SelectAllBox({ meta }: { meta: TableMeta<ListItem> | undefined }) {
  if (!meta) return null;
  const all = meta.loaded > 0 && meta.loadedSelected === meta.loaded;
  return (
    <input
      type="checkbox"
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = !all && meta.loadedSelected > 0;
      }}
      disabled={meta.loaded === 0}
      onChange={() => meta.selectLoaded(!all)}
      aria-label="Select all loaded rows"
      title="Select all loaded rows"
    />
  );
}
