import { useState } from 'react';
import type { ImportCheckView } from '@shared/ipc/contract';
import { STATE_LABELS } from '@shared/journal/state-words';
import { plural, when } from './import-words';

type Duplicate = ImportCheckView['duplicates'][number];

/** Duplicates shown at first, and added by each "Show more". */
const PAGE = 100;

/** What a duplicate repeats, in words: an earlier row of the file, or an entry already in the journal. */
function Repeats({ duplicate }: { duplicate: Duplicate }) {
  const entry = duplicate.ofEntry;
  if (entry) {
    const recordid = entry.recordid === null ? '' : `, recordid ${entry.recordid}`;
    return (
      <>
        <a href={`#/journal?id=${entry.id}`}>Journal entry #{entry.id}</a> ({STATE_LABELS[entry.state]}
        {recordid}), keyed by {entry.operator} on {when(entry.createdAt)}
      </>
    );
  }
  return <>Row {duplicate.ofRow} of this file</>;
}

interface DuplicatesTableProps {
  check: ImportCheckView;
  sendAnyway: ReadonlySet<number>;
  onSendAnyway(row: number, send: boolean): void;
}

/** Valid rows that repeat an earlier row or submission: left out unless the person ticks "send anyway". */
export function DuplicatesTable({ check, sendAnyway, onSendAnyway }: DuplicatesTableProps) {
  const [shown, setShown] = useState(PAGE);
  const listed = check.duplicates.slice(0, shown);
  const unlisted = check.duplicateCount - check.duplicates.length;
  return (
    <>
      <p className="hint" id="import-duplicates-hint">
        These rows are valid but repeat an earlier row of this file or an entry already in the journal (same reference
        and policy, or the same content). They are left out unless you tick Send anyway.
      </p>
      <div className="import-scroll">
        <table className="import-table duplicates" aria-labelledby="import-duplicates-title">
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Repeats</th>
              <th scope="col" className="center">
                Send anyway
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((d) => (
              <tr key={d.row}>
                <th scope="row" className="num">
                  {d.row}
                </th>
                <td>{d.reference}</td>
                <td>
                  <Repeats duplicate={d} />
                </td>
                <td className="center">
                  <input
                    type="checkbox"
                    aria-label={`Send row ${d.row} anyway`}
                    aria-describedby="import-duplicates-hint"
                    checked={sendAnyway.has(d.row)}
                    onChange={(event) => onSendAnyway(d.row, event.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {check.duplicates.length > listed.length && (
        <button type="button" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, check.duplicates.length - listed.length)} more duplicates
        </button>
      )}
      {unlisted > 0 && (
        <p className="hint">{plural(unlisted, 'more duplicate is', 'more duplicates are')} not listed and left out.</p>
      )}
    </>
  );
}
