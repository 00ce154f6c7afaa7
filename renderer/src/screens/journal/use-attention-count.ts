import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';

const loadAttention = () => calls.journal.attention({});

/**
 * How many rows need a person (unknown, failed and rejected), for the navigation badge: read
 * once, then again after each burst of changes pushed from main. Null until the first answer.
 */
export function useAttentionCount(): number | null {
  const { data } = useLive(loadAttention);
  return data ? data.unknown + data.failed + data.rejected : null;
}
