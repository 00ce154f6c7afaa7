import type { JournalDetail } from '@shared/ipc/contract';
import { STATE_LABELS, formatTime } from './format';

type Change = JournalDetail['history'][number];

/** A change in words: "Unknown → Accepted", "Queued" for the first, "stays Accepted" for a review. */
function changeWords(change: Change): string {
  if (change.fromState === null) return STATE_LABELS[change.toState];
  if (change.fromState === change.toState) return `stays ${STATE_LABELS[change.toState]}`;
  return `${STATE_LABELS[change.fromState]} → ${STATE_LABELS[change.toState]}`;
}

/** Every recorded change of the row, oldest first: when, from which state to which, who, and why. */
export function HistoryTable({ history }: { history: JournalDetail['history'] }) {
  return (
    <section className="detail-section" aria-labelledby="detail-history-title">
      <h3 id="detail-history-title">History</h3>
      <table className="detail-table history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">By</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {history.map((change, i) => (
            <tr key={i}>
              <td>
                <time dateTime={change.at}>{formatTime(change.at)}</time>
              </td>
              <td>{changeWords(change)}</td>
              <td>{change.actor}</td>
              <td>{change.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
