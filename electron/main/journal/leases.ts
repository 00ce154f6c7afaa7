import type { SubmissionRow } from '../../../shared/journal/types';
import type { Journal } from './journal';

/** Who holds a row in `sending`, and for how long without renewal. */
export interface Lease {
  owner: string;
  ms: number;
}

const leaseColumns = (lease: Lease) => ({
  lease_owner: lease.owner,
  lease_expires_at: new Date(Date.now() + lease.ms).toISOString(),
});

/** Moves one queued or failed row to sending under a lease; undefined if it is not in such a state. */
export function claim(journal: Journal, id: number, lease: Lease): SubmissionRow | undefined {
  return journal.atomically(() => {
    const current = journal.get(id);
    if (current?.state !== 'queued' && current?.state !== 'failed') return undefined;
    const set = {
      attempts: current.attempts + 1,
      sending_at: new Date().toISOString(),
      next_attempt_at: null,
      ...leaseColumns(lease),
    };
    return journal.transition(id, ['queued', 'failed'], 'sending', set, 'system');
  });
}

/** Extends the leases this sender holds (called while its requests are in flight). */
export function renewLeases(journal: Journal, lease: Lease): void {
  journal
    .stmt(
      `UPDATE submissions SET lease_expires_at = @lease_expires_at WHERE state = 'sending' AND lease_owner = @lease_owner`,
    )
    .run(leaseColumns(lease));
}

/**
 * Rows in `sending` whose lease ran out become unknown, whatever process ids exist now: their
 * sender is gone or stalled, and the service may or may not have stored them.
 */
export function expireLeases(journal: Journal): number {
  return journal.atomically(() => expireInTransaction(journal));
}

function expireInTransaction(journal: Journal): number {
  const stuck = journal
    .stmt(`SELECT id FROM submissions WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < ?)`)
    .all(new Date().toISOString()) as Array<{ id: number }>;
  for (const { id } of stuck) {
    journal.transition(
      id,
      ['sending'],
      'unknown',
      { error_code: 'unknown', message: 'Interrupted while sending: the service may or may not have stored it' },
      'system (lease expired)',
    );
  }
  return stuck.length;
}
