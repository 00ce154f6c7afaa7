import { ENTRY_FIELDS, fieldKind } from '@shared/entry/fields';
import { formatScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import { fromDraft, type EntryValues } from './blank';

/** An earlier journal entry to start New entry from ("Open as new entry"): its id, profile and payload. */
export interface Prefill {
  id: number;
  profile: string;
  payload: Record<string, string>;
  /** Set when the entry was rejected or failed: the new one corrects it (superseding it once accepted). */
  corrects?: number;
}

let pending: Prefill | null = null;

/** Leaves an entry for the next New entry screen to start from (one shot: the next take clears it). */
export function setPrefill(prefill: Prefill): void {
  pending = prefill;
}

/** Whether a prefill waits for the next New entry screen. */
export const prefillWaiting = (): boolean => pending !== null;

/** Takes the waiting prefill, if any; it is gone afterwards, so a later visit starts from the draft. */
export function takePrefill(): Prefill | null {
  const taken = pending;
  pending = null;
  return taken;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form values of a journal payload as the clerk would type them: known fields only, dates
 * (stored as YYYY-MM-DD) written in the screen's date order.
 */
export function prefillValues(prefill: Prefill, order: ScreenDateOrder): EntryValues {
  const values = fromDraft(prefill.payload);
  for (const field of ENTRY_FIELDS) {
    const value = values[field];
    if (fieldKind(field) === 'date' && ISO_DATE.test(value)) values[field] = formatScreenDate(value, order);
  }
  return values;
}
