import { useMemo } from 'react';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';
import { sentence, withFieldLabels } from '../../forms/result-words';

/**
 * Why the row this entry corrects was refused, in the form's words: shown with the correction link
 * when no result of this form is in view (a draft restored after a restart, a copy opened from the
 * Journal), so the clerk knows what to fix without looking the row up.
 */
export function RejectionReason({ id }: { id: number }) {
  const load = useMemo(() => () => calls.journal.get({ id }), [id]);
  const row = useRead(load).data?.row;
  if (!row || (row.state !== 'rejected' && row.state !== 'failed')) return null;
  const said = row.message ? withFieldLabels(row.message, row.errorFields) : 'The service gave no reason.';
  return (
    <p className="hint" data-testid="rejection-reason">
      #{id} was {row.state === 'rejected' ? 'rejected' : 'not sent'}: {sentence(said)}
    </p>
  );
}
