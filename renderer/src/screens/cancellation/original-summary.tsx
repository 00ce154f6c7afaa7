import { useWatch, type Control } from 'react-hook-form';
import type { CancellationValues } from './form-fields';
import type { OriginalEntry } from './original-entry';
import { moment } from '../../moments';

interface SummaryProps {
  original: OriginalEntry | null;
  control: Control<CancellationValues, unknown, CancellationValues>;
  /** The active profile: where the cancellation goes. */
  profile: string;
}

/**
 * Which journal entry the request cancels, once one is picked: its recordid, reference, surname,
 * policy, when and by whom it was keyed, and a link to it. Says so when the recordid was changed
 * by hand afterwards, or when the entry was keyed for another profile.
 */
export function OriginalSummary({ original, control, profile }: SummaryProps) {
  const recordid = useWatch({ control, name: 'recordid' });
  if (!original) {
    return (
      <p className="hint original">
        Find the original entry above to fill in what the journal knows, or type its recordid.
      </p>
    );
  }
  if (recordid !== String(original.recordid)) {
    return (
      <p className="hint original">
        The recordid no longer matches journal #{original.id} (recordid {original.recordid}): the request goes for the
        recordid typed.
      </p>
    );
  }
  const keyed = moment(original.createdAt);
  const what = [original.reference, original.surname, original.policy].filter(Boolean).join(' · ');
  return (
    <div className="original" data-testid="original-entry">
      <p>
        Cancels <a href={`#/journal?id=${original.id}`}>journal #{original.id}</a>: recordid{' '}
        <strong>{original.recordid}</strong>
        {what && `, ${what}`}, keyed {keyed} by {original.operator}.
      </p>
      {original.profile !== profile && (
        <p className="banner warning">
          That entry was keyed for profile {original.profile}; this cancellation goes to profile {profile}, the active
          one.
        </p>
      )}
    </div>
  );
}
