import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Duplicate } from './use-entry-form';
import { followedRow } from '../../journal-feed/journal-feed';
import { moment } from '../../moments';

const STATE: Record<string, string> = {
  accepted: 'accepted',
  queued: 'queued to send',
  sending: 'being sent',
  failed: 'not sent yet',
  unknown: 'outcome unknown',
};

/**
 * Asks before sending an entry that repeats an earlier one, naming it (reference, policy, surname,
 * postcode, recordid, when, who, a link to it in the Journal) so the clerk can check the paper. "Don't submit" is the default; Escape means it too.
 */
export function DuplicateDialog(props: {
  duplicate: Duplicate;
  onCancel: () => void;
  onConfirm: () => void;
  /** Sending again a row already in the journal (Resend) rather than keying a new one. */
  resend?: boolean;
}) {
  const { duplicate, onCancel, onConfirm, resend } = props;
  const operator = duplicate.operator ?? followedRow(duplicate.id)?.operator;
  const when = moment(duplicate.createdAt);
  return (
    <ConfirmDialog
      title="Possible duplicate"
      cancelLabel={resend ? "Don't resend" : "Don't submit"}
      confirmLabel={resend ? 'Resend anyway' : 'Submit anyway'}
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>This entry has the same content, or the same policy number, as one already in the journal:</p>
      <dl className="duplicate">
        <dt>Reference</dt>
        <dd>{duplicate.reference}</dd>
        <dt>Policy</dt>
        <dd>{duplicate.policy || '–'}</dd>
        <dt>Surname</dt>
        <dd>{duplicate.surname || '–'}</dd>
        <dt>Postcode</dt>
        <dd>{duplicate.postcode || '–'}</dd>
        <dt>Recordid</dt>
        <dd>{duplicate.recordid ?? `none yet (${STATE[duplicate.state] ?? duplicate.state})`}</dd>
        <dt>Keyed</dt>
        <dd>
          {when}
          {operator && ` by ${operator}`}
        </dd>
        <dt>Journal entry</dt>
        <dd>
          <a href={`#/journal?id=${duplicate.id}`}>Open journal entry #{duplicate.id}</a>
        </dd>
      </dl>
      <p>
        {resend
          ? 'Resend it only if you checked that the service does not hold it already.'
          : 'Submit it only if the paper really holds a second entry.'}
      </p>
    </ConfirmDialog>
  );
}
