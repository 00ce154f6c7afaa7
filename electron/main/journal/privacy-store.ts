import type { SubmissionRow } from '@shared/journal/types';
import type { PersonQuery } from '@shared/journal/privacy';

/** How long a journal keeps the personal details of settled rows: a number of days, or null (kept; the default). */
export interface Retention {
  days: number | null;
  /** Who set it, and when (null while never set). */
  setBy: string | null;
  setAt: string | null;
}

/**
 * A person's data (access and erasure requests, retention). Only a supervisor uses it: in an
 * office the database refuses clerks (OfficePermissionError) and does every removal itself; on
 * this computer the operator (the OS user, role 'local') is the desk's own supervisor.
 */
export interface PrivacyStore {
  /** Every submission about one person (oldest first, at most PERSON_ROWS_LIMIT): by e-mail, or surname with postcode. */
  find(person: PersonQuery): Promise<SubmissionRow[]>;
  /** These rows as stored (the payload as sent), for an export; an id not in the journal is refused. */
  rows(ids: readonly number[]): Promise<SubmissionRow[]>;
  /**
   * Removes the personal fields of these settled rows now, each with a history line (who, when,
   * the reason); one transaction, refused whole if a row is not settled. Returns how many.
   * `extra`: the cancellation fields marked personal in the profiles (removed from cancellations too).
   */
  erase(ids: readonly number[], reason: string, extra?: readonly string[]): Promise<number>;
  retention(): Promise<Retention>;
  setRetention(days: number | null): Promise<Retention>;
  /**
   * Removes the personal fields of settled rows created more than `olderThanDays` days ago (the
   * journal's rule when not given; nothing when it is off), and of batch rows left out as long
   * ago; each row gets a history line (`extra` as for erase). Returns how many rows lost them.
   */
  purge(olderThanDays?: number, extra?: readonly string[]): Promise<number>;
}
