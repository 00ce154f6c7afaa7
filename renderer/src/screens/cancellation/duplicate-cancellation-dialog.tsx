import { ConfirmDialog } from '../../components/confirm-dialog';
import type { CancellationDuplicate } from './use-cancellation-form';
import { moment } from '../../moments';

const STATE: Record<string, string> = {
  accepted: 'accepted by the service',
  queued: 'queued to send',
  sending: 'being sent',
  failed: 'not sent yet',
  unknown: 'outcome unknown',
};

interface DuplicateProps {
  duplicate: CancellationDuplicate;
  /** The recordid of the original entry both cancellations are for. */
  recordid: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before filing a second cancellation for a recordid the journal already holds one for,
 * naming the earlier one (the entry's surname and postcode, state, when, who, a link to it in the
 * Journal) so the clerk can check. "Don't submit" is the
 * default; Escape means it too.
 */
export function DuplicateCancellationDialog({ duplicate, recordid, onCancel, onConfirm }: DuplicateProps) {
  const when = moment(duplicate.createdAt);
  return (
    <ConfirmDialog
      title="Cancellation already filed?"
      cancelLabel="Don't submit"
      confirmLabel="Submit anyway"
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>The journal already holds a cancellation of recordid {recordid}:</p>
      <dl className="duplicate">
        <dt>Surname</dt>
        <dd>{duplicate.surname || '–'}</dd>
        <dt>Postcode</dt>
        <dd>{duplicate.postcode || '–'}</dd>
        <dt>Journal entry</dt>
        <dd>
          <a href={`#/journal?id=${duplicate.id}`}>Open journal entry #{duplicate.id}</a>
        </dd>
        <dt>State</dt>
        <dd>
          {STATE[duplicate.state] ?? duplicate.state}
          {duplicate.recordid !== null && `, recordid ${duplicate.recordid}`}
        </dd>
        <dt>Filed</dt>
        <dd>
          {when}
          {duplicate.operator && ` by ${duplicate.operator}`}
        </dd>
      </dl>
      <p>Submit it only if the service really needs a second cancellation.</p>
    </ConfirmDialog>
  );
}
