import type { JournalReport } from '@shared/ipc/contract';
import { STATE_LABELS } from '@shared/journal/state-words';
import { AttentionTable } from './attention-table';
import { CountTable } from './count-table';
import { CorrectedTable } from './corrected-table';
import { STATE_ORDER, formatDay, formatStamp, statesInUse } from './summary-format';

/**
 * The printable summary of a range (its title, the page's heading, is the screen's, above the
 * controls, and printed with it): when it was made, the total and the counts by state,
 * by operator and by profile, the unknowns and rejections, and the corrected rejections (with the
 * customers' surnames unless `personal` is false). The same page is saved as PDF.
 */
export function SummaryPage({ report, personal }: { report: JournalReport; personal: boolean }) {
  const states = statesInUse(report);
  return (
    <article className="summary-page" aria-labelledby="summary-title">
      <p className="summary-generated">
        Generated <time dateTime={report.generatedAt}>{formatStamp(report.generatedAt, true)}</time> from the Feed Desk
        journal.
      </p>
      <section className="summary-section" aria-labelledby="summary-states">
        <h2 id="summary-states">Submissions by state</h2>
        <dl className="summary-counts">
          <div className="total">
            <dt>Total</dt>
            <dd data-testid="summary-total">{report.total}</dd>
          </div>
          {STATE_ORDER.map((s) => (
            <div key={s} className={`count-${s}`}>
              <dt>{STATE_LABELS[s]}</dt>
              <dd data-testid={`summary-${s}`}>{report.byState[s] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
      {report.total === 0 ? (
        <p>
          Nothing was submitted from {formatDay(report.from)} to {formatDay(report.to)}.
        </p>
      ) : (
        <>
          <CountTable title="By operator" who="Operator" groups={report.byOperator} states={states} />
          <CountTable title="By profile" who="Profile" groups={report.byProfile} states={states} />
          <AttentionTable report={report} personal={personal} />
          <CorrectedTable report={report} personal={personal} />
        </>
      )}
    </article>
  );
}
