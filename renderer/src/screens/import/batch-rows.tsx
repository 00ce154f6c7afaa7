import { useCallback, useEffect, useRef, useState } from 'react';
import { STATE_LABELS } from '@shared/journal/state-words';
import type { JournalState } from '@shared/journal/types';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';
import { plural } from './import-words';

/** Rows listed at most (Open in Journal shows them all). */
const LISTED = 1000;
/** The outcomes a sent row can have, in the order offered. */
const OUTCOMES: readonly JournalState[] = ['accepted', 'rejected', 'failed', 'unknown', 'discarded'];

/**
 * Each sent row of a batch with its outcome and recordid, in the order sent, in a scrolling table
 * that can be narrowed to one outcome. `settled` changes when the batch's counts do, to read again.
 */
export function BatchRows({ batch, settled }: { batch: number; settled: string }) {
  const [outcome, setOutcome] = useState<JournalState | ''>('');
  const load = useCallback(
    () =>
      calls.journal.list({
        batch,
        states: outcome ? [outcome] : undefined,
        sort: 'id',
        direction: 'asc',
        limit: LISTED,
      }),
    [batch, outcome],
  );
  const { data: found, error: failure, reload } = useRead(load);
  /** Read again when the batch's counts change, keeping the rows shown meanwhile. */
  const readAt = useRef(settled);
  useEffect(() => {
    if (readAt.current === settled) return;
    readAt.current = settled;
    reload();
  }, [settled, reload]);
  return (
    <div className="import-part" data-testid="batch-rows">
      <label htmlFor="batch-rows-outcome">Rows sent, by outcome </label>
      <select id="batch-rows-outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as JournalState | '')}>
        <option value="">All outcomes</option>
        {OUTCOMES.map((s) => (
          <option key={s} value={s}>
            {STATE_LABELS[s]}
          </option>
        ))}
      </select>
      {failure && <p className="banner error">{failure}</p>}
      {found && (
        <p className="hint" role="status" data-testid="batch-rows-count">
          {plural(found.total, 'row', 'rows')}
          {found.total > found.rows.length && `: the first ${found.rows.length.toLocaleString()} are listed`}.
        </p>
      )}
      <div className="import-scroll">
        <table className="import-table" aria-label="Rows sent and their outcome">
          <thead>
            <tr>
              <th scope="col" className="num">
                Journal #
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Outcome</th>
              <th scope="col" className="num">
                Recordid
              </th>
            </tr>
          </thead>
          <tbody>
            {found?.rows.map((row) => (
              <tr key={row.id} data-reference={row.reference}>
                <td className="num">{row.id}</td>
                <td>{row.reference || '–'}</td>
                <td>{STATE_LABELS[row.state]}</td>
                <td className="num">{row.recordid ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
