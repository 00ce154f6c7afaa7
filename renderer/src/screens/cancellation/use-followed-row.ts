import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionView } from '../../../../shared/ipc/contract';
import type { JournalState } from '../../../../shared/journal/types';
import { api } from '../../api';

const PHASE: Record<JournalState, number> = {
  queued: 0,
  sending: 1,
  accepted: 2,
  rejected: 2,
  failed: 2,
  unknown: 2,
  discarded: 3,
  superseded: 3,
};
const progress = (row: SubmissionView) => row.attempts * 10 + PHASE[row.state];
const EARLY_EVENTS = 20;

/**
 * The journal row this screen last submitted, in its latest state: the submit's answer, then
 * every change main pushes (`journal:changed`: a retry, a late answer, a person's decision). The
 * answer and the events travel separately, so whichever is further along wins; no polling.
 */
export function useFollowedRow() {
  const [row, setRow] = useState<SubmissionView | null>(null);
  const followed = useRef<number | null>(null);
  /** Changes that arrived before the answer named their row. */
  const early = useRef(new Map<number, SubmissionView>());

  useEffect(
    () =>
      api.journal.onChanged((changed) => {
        if (changed.id === followed.current) return setRow(changed);
        early.current.set(changed.id, changed);
        if (early.current.size > EARLY_EVENTS) early.current.delete(early.current.keys().next().value as number);
      }),
    [],
  );

  const follow = useCallback((answer: SubmissionView) => {
    const seen = early.current.get(answer.id);
    followed.current = answer.id;
    setRow(seen && progress(seen) > progress(answer) ? seen : answer);
  }, []);

  const forget = useCallback(() => {
    followed.current = null;
    setRow(null);
  }, []);

  return { row, follow, forget };
}
