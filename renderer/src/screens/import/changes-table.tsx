import type { ImportCheckView } from '@shared/ipc/contract';
import { edgeSpaces } from '@shared/import/changes';
import { fieldWords, plural } from './import-words';
import { ShownValue } from './shown-value';

/** Changes listed at most (the count covers them all). */
const SHOWN = 200;

/**
 * What the import sends otherwise than the file writes it (trimmed, NFC, repairs chosen): as in
 * the file → as it will be sent, for the rows it changes, spaces at either end shown as ␣. Money
 * and dates only written the service's way are one line, not a row each.
 */
export function ChangesTable({ check }: { check: ImportCheckView }) {
  const formatted = (check.formatted > 0 || check.timesNotSent.length > 0 || check.serialDates.length > 0) && (
    <>
      {check.formatted > 0 && (
        <p className="hint" data-testid="import-formatted">
          {plural(check.formatted, 'value is', 'values are')} only written the service&rsquo;s way (amounts as 100.00,
          dates as YYYY-MM-DD).
        </p>
      )}
      {check.timesNotSent.map((field) => (
        <p key={field} className="hint" data-testid="import-times">
          {fieldWords(field)}: the file&rsquo;s dates have a time of day. The dates are sent; times in this column are
          not sent.
        </p>
      ))}
      {check.serialDates.map((field) => (
        <p key={field} className="hint" data-testid="import-serial-dates">
          {fieldWords(field)}: some dates are spreadsheet day numbers (such as 46357, a date cell without its date
          format). Each is read as its date; the rows are listed below.
        </p>
      ))}
    </>
  );
  if (check.changedRows === 0) return formatted || null;
  const shown = check.changes.slice(0, SHOWN);
  return (
    <>
      {formatted}
      <details className="import-part" data-testid="import-changes">
        <summary>
          {plural(check.changedRows, 'row is', 'rows are')} sent otherwise than the file writes them: see what changes
        </summary>
        <div className="import-scroll">
          <table className="import-table" aria-label="Values changed before sending">
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Field</th>
                <th scope="col">As in the file</th>
                <th scope="col">As it will be sent</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={`${c.row}-${c.field}`} data-row={c.row}>
                  <td className="num">{c.row}</td>
                  <td>{fieldWords(c.field)}</td>
                  <td className="value">
                    <ShownValue value={edgeSpaces(c.file)} />
                  </td>
                  <td className="value">
                    <ShownValue value={edgeSpaces(c.sent)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {check.changes.length > shown.length && (
          <p className="hint">The first {SHOWN.toLocaleString()} changes are listed.</p>
        )}
      </details>
    </>
  );
}
