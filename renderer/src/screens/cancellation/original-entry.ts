import type { CancellationFieldDef } from '@shared/profile/cancellation-fields';
import { formatScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import { calls } from './actions';
import type { CancellationValues } from './form-fields';

/** The accepted entry a cancellation is filed for, as the journal holds it. */
export interface OriginalEntry {
  id: number;
  profile: string;
  recordid: number;
  reference: string;
  surname: string;
  policy: string;
  operator: string;
  createdAt: string;
  payload: Record<string, string>;
}

/** Loads a journal row as the original of a cancellation; a sentence saying why not when it cannot be one. */
export async function loadOriginal(id: number): Promise<OriginalEntry | string> {
  const result = await calls.journal.get({ id });
  if (!result.ok) return result.error.message;
  const { row } = result.data;
  if (row.kind !== 'entry') return `Journal #${id} is a cancellation, not an entry.`;
  if (row.recordid === null) {
    return `Journal #${id} has no recordid (it is ${row.state}): only an entry the service accepted can be cancelled.`;
  }
  const { profile, recordid, reference, surname, policy, operator, createdAt, payload } = row;
  return { id, profile, recordid, reference, surname, policy, operator, createdAt, payload };
}

/** Finds the entry the service stored under a recordid (in any profile, this profile's first). */
export async function findOriginal(recordid: number, profile: string): Promise<OriginalEntry | string> {
  const result = await calls.journal.list({ recordid, kind: 'entry', limit: 20 });
  if (!result.ok) return result.error.message;
  const rows = result.data.rows.filter((r) => r.recordid === recordid);
  const row = rows.find((r) => r.profile === profile) ?? rows[0];
  return row ? loadOriginal(row.id) : `No entry in the journal has recordid ${recordid}.`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form values an original entry fills in: its recordid, and each asked field the entry's
 * payload holds under the same name (account code, reference, policy…), dates in the screen order.
 */
export function prefillValues(
  entry: OriginalEntry,
  fields: readonly CancellationFieldDef[],
  order: ScreenDateOrder,
): CancellationValues {
  const values: CancellationValues = {};
  for (const field of fields) {
    const value = field.name === 'recordid' ? String(entry.recordid) : entry.payload[field.name];
    if (typeof value !== 'string' || value === '') continue;
    values[field.name] = field.type === 'date' && ISO_DATE.test(value) ? formatScreenDate(value, order) : value;
  }
  return values;
}
