import type { HistoryRow } from '@shared/journal/types';

/** True for history entries written by the software (sending, outcomes, recovery), not by a person. */
export const bySystem = (h: Pick<HistoryRow, 'actor'>) => h.actor === 'system' || h.actor.startsWith('system ');

/**
 * A person's decision on a row (resend, mark accepted, discard): the last history entry a person
 * wrote after the row was queued that changed its state. Distinct from a supervisor's review,
 * which changes no state (it is kept in the history as a same-state entry). The office journal
 * finds the same entry in SQL (`resolutions`); queries.test.ts holds the two to the same answers.
 */
export function resolutionOf(history: readonly HistoryRow[]): HistoryRow | undefined {
  return history.findLast((h) => h.fromState !== null && h.fromState !== h.toState && !bySystem(h));
}
