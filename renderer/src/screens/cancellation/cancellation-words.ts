import type { SubmissionView } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/result';
import { refusedDate, type ResultWords } from '../new-entry/result-words';
import { clock } from '../../../../shared/format/moments';

const SAVED = 'The request is saved in the journal: do not file it again.';
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function failed(row: SubmissionView): ResultWords {
  if (row.errorCode === 'credentials' || row.errorCode === 'keychain') {
    return {
      tone: 'warn',
      title: `Failed: the credentials of profile ${row.profile} could not be used`,
      next: `It is sent once the credentials are fixed in Settings (ask your administrator). ${SAVED}`,
    };
  }
  const why = row.errorCode === 'busy' ? 'the service is busy' : 'the service could not be reached';
  return row.nextAttemptAt
    ? {
        tone: 'wait',
        title: `Failed: not sent yet, ${why}`,
        next: `Feed Desk tries again by itself (next at ${clock(row.nextAttemptAt)}). ${SAVED}`,
      }
    : {
        tone: 'warn',
        title: `Failed: ${why}, and retries have stopped`,
        next: `A supervisor sends it again. ${SAVED}`,
      };
}

/**
 * What the service's answer to a cancellation means to the clerk who filed it, by journal state:
 * accepted with its recordid, refused with the service's message, queued (and why), not sent,
 * or unknown.
 */
export function describeCancellation(row: SubmissionView, hasPath: boolean): ResultWords {
  const cancels = row.payload.recordid ? ` of recordid ${row.payload.recordid}` : '';
  switch (row.state) {
    case 'accepted':
      return {
        tone: 'ok',
        title: `Accepted: cancellation${cancels} stored with recordid ${row.recordid ?? '?'}`,
        next: 'The service took the cancellation. Alt+C starts the next one.',
      };
    case 'rejected':
      // The form accepted the date, so a refused date points at the profile's wire date format.
      if (row.errorFields?.cancellation_date) return refusedDate(row, 'cancellation date');
      return {
        tone: 'fix',
        title: 'Rejected by the service',
        next: row.errorFields
          ? 'Correct the fields marked in red and submit again with Ctrl+Enter.'
          : `${sentence(row.message ?? 'The service refused the cancellation.')} Correct it and submit again with Ctrl+Enter.`,
      };
    case 'failed':
      return failed(row);
    case 'unknown':
      return {
        tone: 'warn',
        title: 'Unknown: the request was sent but no clear answer came back',
        next: 'Do not file it again: a supervisor checks whether the service stored it.',
      };
    case 'queued':
      return hasPath
        ? { tone: 'wait', title: 'Queued', next: `It is sent shortly. ${SAVED}` }
        : {
            tone: 'wait',
            title: `Queued: profile ${row.profile} has no cancellation path yet`,
            next: `Feed Desk sends it once the path is set in Settings. ${SAVED}`,
          };
    case 'sending':
      return { tone: 'wait', title: 'Sending…', next: 'The request is saved and on its way to the service.' };
    case 'discarded':
      return { tone: 'warn', title: 'Discarded by a supervisor', next: 'It will not be sent.' };
    case 'superseded':
      return {
        tone: 'ok',
        title: `Superseded by journal #${row.supersededBy ?? '?'}`,
        next: 'Its correction was accepted; nothing more to do.',
      };
  }
}

/** A failure before anything was journaled: fields to correct, or why the app could not take it. */
export function describeCancellationError(error: IpcError): ResultWords {
  if (error.code === 'invalid') {
    return { tone: 'fix', title: 'Not submitted', next: 'Correct the fields marked in red and submit again.' };
  }
  return { tone: 'warn', title: 'Not submitted', next: error.message };
}
