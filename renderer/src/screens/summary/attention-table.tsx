import type { JournalReport } from '@shared/ipc/contract';
import { STATE_LABELS } from '@shared/journal/state-words';
import { formatStamp } from './summary-format';
import { TableScroll } from './table-scroll';

/** The range's unknown and rejected rows, oldest first, each with what the service said. */
export function AttentionTable({ report, personal }: { report: JournalReport; personal: boolean }) {
  const { attention, attentionTotal } = report;
  return (
    <section className="summary-section" aria-labelledby="summary-attention">
      <h2 id="summary-attention">Unknowns and rejections ({attentionTotal})</h2>
      {attentionTotal === 0 ? (
        <p>None: every submission of the range has a clear outcome.</p>
      ) : (
        <>
          {attentionTotal > attention.length && (
            <p className="hint">
              The first {attention.length} of {attentionTotal}; the Journal screen lists them all.
            </p>
          )}
          <TableScroll labelledBy="summary-attention">
            <table className="summary-table attention">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Journal #</th>
                  <th scope="col">Reference</th>
                  {personal && <th scope="col">Surname</th>}
                  <th scope="col">Operator</th>
                  <th scope="col">Profile</th>
                  <th scope="col">State</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {attention.map((row) => (
                  <tr key={row.id} className={`state-${row.state}`}>
                    <td>
                      <time dateTime={row.createdAt}>{formatStamp(row.createdAt)}</time>
                    </td>
                    <td className="num">
                      <a href={`#/journal?id=${row.id}`}>{row.id}</a>
                    </td>
                    <td className="ref">{row.reference}</td>
                    {personal && <td>{row.surname}</td>}
                    <td>{row.operator}</td>
                    <td>{row.profile}</td>
                    <td>{STATE_LABELS[row.state]}</td>
                    <td className="message">{row.message ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
