import type { JournalState } from '@shared/journal/types';
import { STATE_LABELS } from './format';
import './state-chip.css';

/** A journal state as a coloured chip with its name in words (the colour is never the only sign). */
export function StateChip({ state }: { state: JournalState }) {
  return <span className={`state-chip state-chip-${state}`}>{STATE_LABELS[state]}</span>;
}
