import { momentWithSeconds } from '../../../moments';

export { STATE_LABELS } from '@shared/journal/state-words';

/** A stored ISO time as a person reads it: date and time to the second, in this computer's zone. */
export const formatTime = (iso: string | null): string => (iso ? momentWithSeconds(iso) : '–');

export { fieldLabel } from '../../../forms/result-words';
