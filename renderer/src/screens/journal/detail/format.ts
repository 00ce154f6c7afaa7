import { FIELD_LABELS, isEntryField } from '@shared/entry/fields';
import { momentWithSeconds } from '../../../moments';

export { STATE_LABELS } from '@shared/journal/state-words';

/** A stored ISO time as a person reads it: date and time to the second, in this computer's zone. */
export const formatTime = (iso: string | null): string => (iso ? momentWithSeconds(iso) : '–');

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
