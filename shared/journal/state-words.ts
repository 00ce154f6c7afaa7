import type { JournalState } from './types';

// The one vocabulary for journal states, used by every screen, the summary (and its PDF) and the
// CLI's human output: the state's name as the Journal shows it, and beside it, where a person needs
// it, what it means in plain words. Machine output (--json, CSV) keeps the state codes.

/** A journal state in one word, for chips, tables, filters and history. */
export const STATE_LABELS: Record<JournalState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
  unknown: 'Unknown',
  discarded: 'Discarded',
  superseded: 'Superseded',
};

/** What a row's state says, with the facts that change its meaning (why it failed, whether it retries). */
export interface StateFacts {
  state: JournalState;
  errorCode?: string | null;
  nextAttemptAt?: string | null;
}

/** True for a failure that waits on the profile's credentials (refused, or the keychain unreadable). */
export const waitsForCredentials = (row: StateFacts): boolean =>
  row.errorCode === 'credentials' || row.errorCode === 'keychain';

/**
 * What a state means in a few plain words, beside its name: "will retry", "correct it",
 * "a supervisor checks". Undefined where the name says it all.
 */
export function stateMeaning(row: StateFacts): string | undefined {
  switch (row.state) {
    case 'failed':
      if (waitsForCredentials(row)) return 'waits for credentials';
      return row.nextAttemptAt ? 'not sent yet, will retry' : 'retries stopped, a supervisor resends';
    case 'rejected':
      return 'correct it';
    case 'unknown':
      return 'a supervisor checks';
    case 'superseded':
      return 'its correction was accepted';
    default:
      return undefined;
  }
}

/** A state's name with its meaning beside it: "Failed: not sent yet, will retry", "Accepted". */
export function stateWords(row: StateFacts): string {
  const meaning = stateMeaning(row);
  return meaning ? `${STATE_LABELS[row.state]}: ${meaning}` : STATE_LABELS[row.state];
}
