import type { ReactNode } from 'react';
import type { JournalDetail } from '@shared/ipc/contract';
import { formatTime } from './format';
import { withFieldLabels } from '../../../forms/result-words';

/** Who marked the row reviewed, when, and their note; or that nobody has yet. */
function reviewed(row: JournalDetail['row']): ReactNode {
  if (!row.reviewedAt) return 'Not yet';
  return (
    <>
      by {row.reviewedBy ?? 'someone'} on <time dateTime={row.reviewedAt}>{formatTime(row.reviewedAt)}</time>
      {row.reviewNote && <span className="review-note">Note: {row.reviewNote}</span>}
    </>
  );
}

/** The HTTP status of the last answer, or why there is none. */
function answer(row: JournalDetail['row']): string {
  if (row.httpStatus !== null) return `HTTP ${row.httpStatus}`;
  return row.attempts === 0 ? 'not sent yet' : 'no HTTP status';
}

/** The row's outcome and bookkeeping: recordid, who keyed it where, attempts, next attempt, the service's answer, review. */
export function DetailFacts({ row }: { row: JournalDetail['row'] }) {
  const facts: Array<[string, ReactNode, string?]> = [
    ['Recordid', row.recordid ?? 'none yet', 'recordid'],
    ...(row.originalRecordid !== null ? [['Cancels recordid', row.originalRecordid] as [string, ReactNode]] : []),
    ['Kind', row.kind === 'entry' ? 'Entry' : 'Cancellation'],
    ['Profile', row.profile],
    ['Keyed by', row.operator, 'operator'],
    ['Keyed', formatTime(row.createdAt)],
    ['Attempts', row.attempts, 'attempts'],
    ['Next attempt due', row.nextAttemptAt ? formatTime(row.nextAttemptAt) : 'none planned', 'next-attempt'],
    ['Finished', formatTime(row.finishedAt)],
    ['Service answer', answer(row)],
    ['Service message', row.message ? withFieldLabels(row.message, row.errorFields) : '–', 'message'],
    ['Reviewed', reviewed(row), 'reviewed'],
  ];
  return (
    <dl className="detail-facts">
      {facts.map(([term, value, testId]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd data-testid={testId ? `detail-${testId}` : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
