import type { Outcome } from './use-entry-form';

const EXPLAIN: Record<string, string> = {
  accepted: 'The service stored the entry.',
  rejected: 'The service refused the entry. Correct the fields shown and submit again.',
  failed: 'Nothing reached the service. The entry is kept and will be retried automatically.',
  unknown:
    'The entry was sent but no clear answer came back. It will not be resent automatically; a supervisor resolves it from the journal.',
  queued: 'The entry is queued and will be sent shortly.',
  sending: 'The entry is being sent.',
};

/** The result of the last submit: recordid on success, or what went wrong and what happens next. */
export function ResultPanel({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'error') {
    return (
      <section className="result result-error" role="status" aria-live="polite" aria-label="Result">
        <h2>Not submitted</h2>
        <p>{outcome.error.message}</p>
      </section>
    );
  }
  const { row } = outcome;
  return (
    <section className={`result result-${row.state}`} role="status" aria-live="polite" aria-label="Result">
      <h2>
        {row.state === 'accepted' ? (
          <>
            Accepted — recordid <span data-testid="recordid">{row.recordid}</span>
          </>
        ) : (
          <span className="state">{row.state}</span>
        )}
      </h2>
      <p>{EXPLAIN[row.state]}</p>
      {row.message && <p className="service-message">Service: {row.message}</p>}
      <p className="meta">
        Journal #{row.id} · attempt {row.attempts} · {new Date(row.createdAt).toLocaleString()}
      </p>
    </section>
  );
}
