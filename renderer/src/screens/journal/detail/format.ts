import { FIELD_LABELS, isEntryField } from '../../../../../shared/entry/fields';
import type { JournalState } from '../../../../../shared/journal/types';

/** A stored ISO time as a person reads it: date and time to the second, in this computer's zone. */
export function formatTime(iso: string | null): string {
  if (!iso) return '–';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' });
}

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

/** A journal state in one or two words, for chips, tables and history. */
export const STATE_LABELS: Record<JournalState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
  unknown: 'Unknown',
  discarded: 'Discarded',
  superseded: 'Superseded',
};
