import type { JournalReport } from '@shared/ipc/contract';
import { formatStamp } from './summary-format';
import { TableScroll } from './table-scroll';

/** The range's superseded rows, oldest first, each linked to the accepted row that corrected it. */
export function CorrectedTable({ report, personal }: { report: JournalReport; personal: boolean }) {
  const { corrected } = report;
  if (corrected.length === 0) return null;
  return (
    <section className="summary-section" aria-labelledby="summary-corrected">
      <h2 id="summary-corrected">Corrected rejections ({corrected.length})</h2>
      <TableScroll labelledBy="summary-corrected">
        <table className="summary-table corrected">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Journal #</th>
              <th scope="col">Superseded by #</th>
              <th scope="col">Reference</th>
              {personal && <th scope="col">Surname</th>}
              <th scope="col">Operator</th>
              <th scope="col">Profile</th>
            </tr>
          </thead>
          <tbody>
            {corrected.map((row) => (
              <tr key={row.id}>
                <td>
                  <time dateTime={row.createdAt}>{formatStamp(row.createdAt)}</time>
                </td>
                <td className="num">
                  <a href={`#/journal?id=${row.id}`}>{row.id}</a>
                </td>
                <td className="num">
                  {row.supersededBy !== null && <a href={`#/journal?id=${row.supersededBy}`}>{row.supersededBy}</a>}
                </td>
                <td className="ref">{row.reference}</td>
                {personal && <td>{row.surname}</td>}
                <td>{row.operator}</td>
                <td>{row.profile}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
