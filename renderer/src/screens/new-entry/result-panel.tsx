import { useEffect, type ReactNode } from 'react';
import type { Outcome } from './use-entry-form';
import { ENTRY, describeError, describeRow } from '../../forms/result-words';
import { stateWords } from '@shared/journal/state-words';
import { useJournalRow } from '../../journal-feed/journal-feed';
import { useSessionEntries } from './session-strip';

/**
 * The result of the last submit, in the clerk's words with what to do next. The status region is
 * on the page before any submit, so screen readers announce each result; it follows the row live
 * (a retry that succeeds turns "Not sent yet" into "Accepted"). Once the next entry is started
 * it keeps the previous entry's recordid in view.
 */
export function ResultPanel({ outcome }: { outcome: Outcome | null }) {
  const row = useJournalRow(outcome?.kind === 'row' ? outcome.id : undefined);
  const previous = useSessionEntries()[0];
  const status = (tone: string, children: ReactNode) => (
    <div className={`result result-${tone}`} role="status" aria-label="Result" aria-atomic="true">
      {children}
    </div>
  );
  if (row) {
    const words = describeRow(row, ENTRY);
    return status(
      words.tone,
      <>
        {row.state === 'accepted' ? (
          <p className="result-title">
            Accepted: recordid <span data-testid="recordid">{row.recordid}</span>
            {row.payload.reference && ` (${row.payload.reference})`}
          </p>
        ) : (
          <p className="result-title">{words.title}</p>
        )}
        <p className="result-next">{words.next}</p>
      </>,
    );
  }
  if (outcome?.kind === 'error') {
    const words = describeError(outcome.error);
    return status(
      words.tone,
      <>
        <p className="result-title">{words.title}</p>
        <p className="result-next">{words.next}</p>
      </>,
    );
  }
  return status(
    'previous',
    previous && (
      <p className="result-previous">
        Previous entry {previous.payload.reference} — {stateWords(previous)}
        {previous.recordid !== null && `, recordid ${previous.recordid}`}
      </p>
    ),
  );
}

/**
 * Marks the fields the service named when the followed row is rejected: at once on this computer's
 * journal (the submit waits for the answer), later on the office journal (the submit answers when
 * the row is queued, another process sends it). Renders nothing.
 */
export function ServiceFieldMarks({
  outcome,
  onFields,
}: {
  outcome: Outcome | null;
  onFields: (messages: Record<string, string>) => void;
}) {
  const row = useJournalRow(outcome?.kind === 'row' ? outcome.id : undefined);
  const fields = row?.state === 'rejected' ? row.errorFields : null;
  useEffect(() => {
    if (fields) onFields(fields);
  }, [fields, onFields]);
  return null;
}
