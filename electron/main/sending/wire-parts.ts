import type { SubmissionRow } from '@shared/journal/types';
import type { Profile } from '@shared/profile/schema';
import { encodeEntry, type WirePart } from '@shared/entry/wire';
import { encodeCancellation, type Cancellation } from '@shared/entry/cancellation';
import type { Entry } from '@shared/entry/schema';

/** The one encoder: the parts the row's payload is sent as with its profile's wire rules. */
export function encodeRow(row: SubmissionRow, profile: Profile): WirePart[] {
  return row.kind === 'entry'
    ? encodeEntry(row.payload as Entry, profile)
    : encodeCancellation(row.payload as Cancellation, profile);
}

/** The parts the row's payload is sent as (see encodeRow); undefined once the profile is gone. */
export function wireParts(row: SubmissionRow, profile: Profile | undefined): WirePart[] | undefined {
  return profile && encodeRow(row, profile);
}
