import type { JournalListRow } from '@shared/ipc/contract';
import { STATE_LABELS } from './detail/format';
import { StateChip } from './detail/state-chip';
import { nextTry } from './journal-format';
import { moment } from '../../moments';

/**
 * A row's state as a coloured chip with its word (colour is never the only cue), and for queued
 * and failed rows when the next attempt is due; the full time and the reason are in the title.
 */
export function StateCell({ row }: { row: JournalListRow }) {
  const next = nextTry(row);
  const title = [
    STATE_LABELS[row.state],
    row.nextAttemptAt ? `next attempt ${moment(row.nextAttemptAt)}` : null,
    row.errorCode ? `reason: ${row.errorCode}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <span className="state-cell" title={title}>
      <StateChip state={row.state} />
      {next && <span className="next-try">{next}</span>}
    </span>
  );
}
