import { useEffect, useRef } from 'react';
import type { SubmissionView } from '@shared/ipc/contract';
import type { IpcError } from '@shared/ipc/result';
import { cancellationFiled, describeError, describeRow } from '../../forms/result-words';

interface ResultProps {
  row: SubmissionView | null;
  error: IpcError | null;
  hasPath: boolean;
}

/**
 * The service's answer to the last cancellation, in plain words with what to do next, and a link
 * to its journal row. The status region is on the page before any submit, so screen readers
 * announce each answer; it follows the row live (a retry that succeeds turns "Not sent yet" into
 * "Accepted") and is scrolled into view when it arrives.
 */
export function CancellationResult({ row, error, hasPath }: ResultProps) {
  const region = useRef<HTMLDivElement | null>(null);
  const answered = row && !row.errorFields ? row.id : null;
  // A new answer is brought into view (at 200 % zoom it can sit below the fold); a field in error takes focus instead.
  useEffect(() => {
    if (answered !== null) region.current?.scrollIntoView({ block: 'nearest' });
  }, [answered]);
  const words = row ? describeRow(row, cancellationFiled(hasPath)) : error ? describeError(error) : null;
  return (
    <div
      ref={region}
      className={`result result-${words?.tone ?? 'previous'}`}
      role="status"
      aria-label="Result"
      aria-atomic="true"
      data-state={row?.state}
    >
      {words && (
        <>
          <p className="result-title">
            {row?.state === 'accepted' ? (
              <>
                Accepted: cancellation{row.payload.recordid && ` of recordid ${row.payload.recordid}`} stored with
                recordid <span data-testid="cancellation-recordid">{row.recordid}</span>
              </>
            ) : (
              words.title
            )}
          </p>
          <p className="result-next">
            {words.next}
            {row && (
              <>
                {' '}
                <a href={`#/journal?id=${row.id}`}>Journal #{row.id}</a>
              </>
            )}
          </p>
        </>
      )}
    </div>
  );
}
