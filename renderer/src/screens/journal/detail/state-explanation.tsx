import type { JournalDetail } from '@shared/ipc/contract';
import { explainFailed, explainUnknown } from './outcome-words';
import { sentence, withFieldLabels } from '../../../forms/result-words';

/** What a row needing a person means and what to do, in plain words; nothing for the other states. */
export function StateExplanation({ row }: { row: JournalDetail['row'] }) {
  switch (row.state) {
    case 'unknown':
      return (
        <div className="banner warning" data-testid="detail-explanation">
          <h3>Did the service store it? The app cannot know</h3>
          <p>{explainUnknown(row)}</p>
        </div>
      );
    case 'failed':
      return (
        <div className="banner warning" data-testid="detail-explanation">
          <h3>Failed: not sent</h3>
          <p>{explainFailed(row)}</p>
        </div>
      );
    case 'rejected':
      return (
        <div className="banner error" data-testid="detail-explanation">
          <h3>Rejected by the service</h3>
          <p>
            {sentence(withFieldLabels(row.message ?? 'The service refused it.', row.errorFields))} Nothing was stored.{' '}
            {row.kind === 'entry'
              ? 'Correct it with “Open as new entry” and submit it again, or discard it.'
              : 'Correct it and file it again, or discard it.'}
          </p>
        </div>
      );
    case 'superseded':
      return (
        <div className="banner info" data-testid="detail-explanation">
          <h3>Superseded: corrected</h3>
          <p>
            Its correction, journal #{row.supersededBy ?? '?'}, was accepted by the service. Nothing more to do here.
          </p>
        </div>
      );
    default:
      return null;
  }
}
