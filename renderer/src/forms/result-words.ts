import type { SubmissionView } from '@shared/ipc/contract';
import type { IpcError } from '@shared/ipc/result';
import { FIELD_LABELS, fieldKind, isEntryField, type EntryField } from '@shared/entry/fields';
import { clock } from '@shared/format/moments';
import { STATE_LABELS } from '@shared/journal/state-words';

const OTHER_LABELS: Record<string, string> = {
  recordid: 'Recordid of the original entry',
  cancellation_date: 'Cancellation date',
  reason: 'Reason',
};

/** The label of a payload field: the form's label for entry fields, plain words for cancellation fields. */
export function fieldLabel(name: string): string {
  if (isEntryField(name)) return FIELD_LABELS[name];
  const words = OTHER_LABELS[name] ?? name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A message of the service as the screens show it: each field it names ("purchase_date — Must be a
 * date") under the label the form shows ("Purchase date — Must be a date"). The journal keeps the
 * message as the service gave it; exports for machines keep the wire names.
 */
export function withFieldLabels(message: string, fields: Record<string, string> | null | undefined): string {
  let out = message;
  for (const name of Object.keys(fields ?? {})) out = out.replaceAll(`${name} — `, `${fieldLabel(name)} — `);
  return out;
}

/** A message ending as a sentence does (the service's may lack the full stop). */
/** Text as a sentence: it ends with a full stop. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** How a result looks: good, needs the clerk, waits on its own, or needs a supervisor. */
export type Tone = 'ok' | 'fix' | 'wait' | 'warn';

/** A result in a clerk's words: what happened, and what to do next. */
export interface ResultWords {
  tone: Tone;
  title: string;
  next: string;
}

/** What a result speaks of, in the words of the screen that filed it (New entry's entry, Cancellation's request). */
export interface Filed {
  /** What was filed: "entry", "cancellation". */
  noun: string;
  /** What doing it once more is called: "key", "file". */
  verb: string;
  /** The key that starts the next one. */
  nextKey: string;
  /** The title of an accepted row. */
  accepted(row: SubmissionView): string;
  /** The date a refusal names although the form accepted it (its label in lower case), if any. */
  refusedDate(row: SubmissionView): string | undefined;
  /** A queued row's words where the screen has more to say than "sent shortly". */
  queued?(row: SubmissionView): ResultWords | undefined;
}

/** A date field the service refused: the form had accepted it, so the profile's wire date format is the suspect. */
const isDate = (name: string): name is EntryField => isEntryField(name) && fieldKind(name) === 'date';

/** New entry's words: an entry, keyed; its reference in the accepted title. */
export const ENTRY: Filed = {
  noun: 'entry',
  verb: 'key',
  nextKey: 'Alt+N',
  accepted: (row) =>
    `Accepted: recordid ${row.recordid ?? '?'}${row.payload.reference ? ` (${row.payload.reference})` : ''}`,
  refusedDate: (row) => {
    const date = Object.keys(row.errorFields ?? {}).find(isDate);
    return date && FIELD_LABELS[date].toLowerCase();
  },
};

/** Cancellation's words: a request filed; queued, where the profile has no cancellation path yet, until it has. */
export function cancellationFiled(hasPath: boolean): Filed {
  return {
    noun: 'cancellation',
    verb: 'file',
    nextKey: 'Alt+C',
    accepted: (row) =>
      `Accepted: cancellation${row.payload.recordid ? ` of recordid ${row.payload.recordid}` : ''} stored with recordid ${row.recordid ?? '?'}`,
    // The form accepted the date, so a refused date points at the profile's wire date format.
    refusedDate: (row) => (row.errorFields?.cancellation_date ? 'cancellation date' : undefined),
    queued: (row) =>
      hasPath
        ? undefined
        : {
            tone: 'wait',
            title: `Queued: profile ${row.profile} has no cancellation path yet`,
            next: 'Feed Desk sends it once the path is set in Settings. The request is saved in the journal: do not file it again.',
          },
  };
}

/**
 * The message shown at a field the service refused. A date the form accepted yet the service
 * refused was typed correctly: the profile sends dates in a format the service does not take,
 * which retyping cannot fix, so the clerk is sent to a supervisor.
 */
export function serviceFieldMessage(name: string, message: string): string {
  return isDate(name) ? `Typed correctly, but the service refused it: call a supervisor (${message})` : message;
}

function failed(row: SubmissionView, filed: Filed): ResultWords {
  const { noun, verb } = filed;
  const dontAgain = `Do not ${verb} it again; go on with the next ${noun}.`;
  switch (row.errorCode) {
    case 'credentials':
      return {
        tone: 'warn',
        title: `Failed: the service refused the credentials of profile ${row.profile}`,
        next: `The ${noun} is saved and will be sent once the credentials are fixed in Settings (ask your administrator). ${dontAgain}`,
      };
    case 'keychain':
      return {
        tone: 'warn',
        title: 'Failed: the credentials could not be read from the keychain',
        next: `The ${noun} is saved and will be sent once the keychain can be opened (ask your administrator). ${dontAgain}`,
      };
  }
  const why = row.errorCode === 'busy' ? 'the service is busy' : 'the service could not be reached';
  if (!row.nextAttemptAt) {
    return {
      tone: 'warn',
      title: `Failed: ${why}, and automatic retries have stopped`,
      next: `The ${noun} is saved in the journal. Do not ${verb} it again: a supervisor will send it again.`,
    };
  }
  return {
    tone: 'wait',
    title: `Failed: not sent yet, ${why}`,
    next: `The ${noun} is saved and will be sent automatically (next try at ${clock(row.nextAttemptAt)}). ${dontAgain}`,
  };
}

/** What a journal row means to the clerk who filed it, by state and error code. */
export function describeRow(row: SubmissionView, filed: Filed): ResultWords {
  const { noun, verb } = filed;
  switch (row.state) {
    case 'accepted':
      return {
        tone: 'ok',
        title: filed.accepted(row),
        next: `The service stored the ${noun}. ${filed.nextKey} starts the next one.`,
      };
    case 'rejected': {
      const date = filed.refusedDate(row);
      if (date) {
        return {
          tone: 'warn',
          title: `Rejected by the service: it refused the ${date} although it was typed correctly`,
          next:
            `The date format of profile ${row.profile} may not match the service. Do not retype the date: ` +
            "call a supervisor to check the profile's date format in Settings.",
        };
      }
      return {
        tone: 'fix',
        title: 'Rejected by the service',
        next: row.errorFields
          ? 'Correct the fields marked in red and submit again with Ctrl+Enter.'
          : `${sentence(withFieldLabels(row.message ?? `The service refused the ${noun}.`, row.errorFields))} Correct it and submit again with Ctrl+Enter.`,
      };
    }
    case 'failed':
      return failed(row, filed);
    case 'unknown':
      return {
        tone: 'warn',
        title: `Unknown: the ${noun} was sent but no clear answer came back`,
        next: `Do not ${verb} this ${noun} again: a supervisor will check whether the service stored it.`,
      };
    case 'queued':
      return (
        filed.queued?.(row) ?? {
          tone: 'wait',
          title: STATE_LABELS.queued,
          next: `The ${noun} is saved and will be sent shortly.`,
        }
      );
    case 'sending':
      return { tone: 'wait', title: 'Sending…', next: `The ${noun} is saved and on its way to the service.` };
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
