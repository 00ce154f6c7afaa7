import { ENTRY_FIELDS, fieldKind, type Entry } from './fields';
import type { DateFormat, Profile } from '../profile/schema';

/** One multipart text part: name and value, in the order they are sent. */
export type WirePart = readonly [name: string, value: string];

/** Writes a YYYY-MM-DD date in the profile's wire format. */
export function formatDate(iso: string, format: DateFormat): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  if (format === 'DD/MM/YYYY') return `${d}/${m}/${y}`;
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  return iso;
}

/** Encodes a validated entry as the ordered text parts the service receives. */
export function encodeEntry(entry: Entry, profile: Pick<Profile, 'dateFormat' | 'blankMode'>): WirePart[] {
  const parts: WirePart[] = [];
  for (const field of ENTRY_FIELDS) {
    const value = entry[field];
    if (value === '' && profile.blankMode === 'omit') continue;
    const wire = value !== '' && fieldKind(field) === 'date' ? formatDate(value, profile.dateFormat) : value;
    parts.push([field, wire]);
  }
  return parts;
}
