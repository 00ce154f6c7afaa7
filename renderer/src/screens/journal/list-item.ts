import type { JournalListRow } from '@shared/ipc/contract';

/** One position of the list: its row once its window has arrived. */
export interface ListItem {
  index: number;
  row: JournalListRow | undefined;
}
