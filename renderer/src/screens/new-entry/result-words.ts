import type { SubmissionView } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/result';
import { FIELD_LABELS, fieldKind, isEntryField, type EntryField } from '../../../../shared/entry/fields';
import { clock } from '../../../../shared/format/moments';
import { STATE_LABELS } from '../../../../shared/journal/state-words';

/** A message ending as a sentence does (the service's may lack the full stop). */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** How a result looks: good, needs the clerk, waits on its own, or needs a supervisor. */
export type Tone = 'ok' | 'fix' | 'wait' | 'warn';

/** A result in a clerk's words: what happened, and what to do next. */
export interface ResultWords {
  tone: Tone;
  title: string;
  next: string;
}

/** A date field the service refused: the form had accepted it, so the profile's wire date format is the suspect. */
const isDate = (name: string): name is EntryField => isEntryField(name) && fieldKind(name) === 'date';

/**
 * The message shown at a field the service refused. A date the form accepted yet the service
 * refused was typed correctly: the profile sends dates in a format the service does not take,
 * which retyping cannot fix, so the clerk is sent to a supervisor.
 */
export function serviceFieldMessage(name: string, message: string): string {
  return isDate(name) ? `Typed correctly, but the service refused it: call a supervisor (${message})` : message;
}

/** The rejection of a date typed correctly (`label`: which date): the profile's date format, for a supervisor. */
export function refusedDate(row: SubmissionView, label: string): ResultWords {
  return {
    tone: 'warn',
    title: `Rejected by the service: it refused the ${label} although it was typed correctly`,
    next:
      `The date format of profile ${row.profile} may not match the service. Do not retype the date: ` +
      "call a supervisor to check the profile's date format in Settings.",
  };
}

const DO_NOT_REKEY = 'Do not key it again; go on with the next entry.';

function failed(row: SubmissionView): ResultWords {
  switch (row.errorCode) {
    case 'credentials':
      return {
        tone: 'warn',
        title: `Failed: the service refused the credentials of profile ${row.profile}`,
        next: `The entry is saved and will be sent once the credentials are fixed in Settings (ask your administrator). ${DO_NOT_REKEY}`,
      };
    case 'keychain':
      return {
        tone: 'warn',
        title: 'Failed: the credentials could not be read from the keychain',
        next: `The entry is saved and will be sent once the keychain can be opened (ask your administrator). ${DO_NOT_REKEY}`,
      };
  }
  const why = row.errorCode === 'busy' ? 'the service is busy' : 'the service could not be reached';
  if (!row.nextAttemptAt) {
    return {
      tone: 'warn',
      title: `Failed: ${why}, and automatic retries have stopped`,
      next: 'The entry is saved in the journal. Do not key it again: a supervisor will send it again.',
    };
  }
  return {
    tone: 'wait',
    title: `Failed: not sent yet, ${why}`,
    next: `The entry is saved and will be sent automatically (next try at ${clock(row.nextAttemptAt)}). ${DO_NOT_REKEY}`,
  };
}

/** What a journal row means to the clerk who keyed it, by state and error code. */
export function describeRow(row: SubmissionView): ResultWords {
  const reference = row.payload.reference ? ` (${row.payload.reference})` : '';
  switch (row.state) {
    case 'accepted':
      return {
        tone: 'ok',
        title: `Accepted: recordid ${row.recordid ?? '?'}${reference}`,
        next: 'The service stored the entry. Alt+N starts the next one.',
      };
    case 'rejected': {
      const date = Object.keys(row.errorFields ?? {}).find(isDate);
      if (date) return refusedDate(row, FIELD_LABELS[date].toLowerCase());
      return {
        tone: 'fix',
        title: 'Rejected by the service',
        next: row.errorFields
          ? 'Correct the fields marked in red and submit again with Ctrl+Enter.'
          : `${sentence(row.message ?? 'The service refused the entry.')} Correct it and submit again with Ctrl+Enter.`,
      };
    }
    case 'failed':
      return failed(row);
    case 'unknown':
      return {
        tone: 'warn',
        title: 'Unknown: the entry was sent but no clear answer came back',
        next: 'Do not key this entry again: a supervisor will check whether the service stored it.',
      };
    case 'queued':
      return { tone: 'wait', title: STATE_LABELS.queued, next: 'The entry is saved and will be sent shortly.' };
    case 'sending':
      return { tone: 'wait', title: 'Sending…', next: 'The entry is saved and on its way to the service.' };
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

/** A failure before anything was journaled (fields to correct, or the app could not take it). */
export function describeError(error: IpcError): ResultWords {
  if (error.code === 'invalid') {
    return { tone: 'fix', title: 'Not submitted', next: 'Correct the fields marked in red and submit again.' };
  }
  return { tone: 'warn', title: 'Not submitted', next: error.message };
}
