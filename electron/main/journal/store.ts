import type { HistoryRow, JournalFilter, JournalState, SubmissionKind, SubmissionRow } from '@shared/journal/types';
import type { PrivacyStore } from './privacy-store';

/** The office's update feed: its address (null: none), who set it and when. */
export interface OfficeUpdateFeed {
  url: string | null;
  setBy: string | null;
  setAt: string | null;
}

/** Who holds a row in `sending`, and for how long without renewal. */
export interface Lease {
  owner: string;
  ms: number;
}

/** How many attention rows a report lists at most (the total is given beside them). */
export const REPORT_ATTENTION_LIMIT = 500;

/** What is written when a submission is queued. */
export interface NewSubmission {
  kind: SubmissionKind;
  profile: string;
  operator: string;
  payload: Record<string, string>;
  payloadHash: string;
  originalRecordid?: number | null;
  /** The bulk import it belongs to, and its row number in the file. */
  batch?: { id: number; row: number };
}

/** A bulk import: the valid rows of one file queued for one profile, found again by the file's content hash. */
export interface Batch {
  id: number;
  profile: string;
  fileName: string;
  /** The file's content and how it was read (sheet, columns, date order), hashed. */
  contentHash: string;
  operator: string;
  createdAt: string;
  /** Data rows in the file (valid or not). */
  fileRows: number;
  /** Its rows are not claimed for sending while paused (by any sender of the journal). */
  paused: boolean;
}

/** One row of a file to queue in a batch. */
export interface BatchItem {
  row: number;
  submission: Omit<NewSubmission, 'batch'>;
  allowDuplicate: boolean;
}

/** An entry of a file to look up in the journal before queueing. */
export interface DuplicateProbe {
  row: number;
  hash: string;
  reference: string;
  policy: string;
}

/** What became of a row queued in a batch: queued now, already in the batch (an earlier run), or a duplicate (nothing written). */
export interface BatchQueued {
  row: number;
  outcome: 'queued' | 'already' | 'duplicate';
  /** The row queued, already there, or repeated. */
  id: number;
}

/** Why a row of a batch's file was not sent: it fails validation, repeats an earlier entry, or a person skipped it. */
export type LeftOutStatus = 'invalid' | 'duplicate' | 'skipped';

/** A page of the journal and how many rows match in all (`about`: an estimate past a screen's limit). */
export interface ListPage {
  rows: SubmissionRow[];
  total: number;
  about: boolean;
}

/** A row of a batch's file that was not queued, kept with the batch so that every row of the file is accounted for. */
export interface LeftOutRow {
  row: number;
  status: LeftOutStatus;
  /** Field → message, for an invalid row. */
  errors: Record<string, string> | null;
  /** The journal row a duplicate repeats. */
  duplicateOf: number | null;
  /** The row's values as in the file (mapped fields). */
  values: Record<string, string>;
}

/** The batches of bulk imports. */
export interface BatchStore {
  /** The batch of this file for this profile: the earlier one if the same content was imported before, else a new one. */
  open(batch: { profile: string; fileName: string; contentHash: string; fileRows: number }): Promise<Batch>;
  get(id: number): Promise<Batch | undefined>;
  /** The batch of this content for this profile, if it was imported before. */
  find(profile: string, contentHash: string): Promise<Batch | undefined>;
  /** For each entry, the latest journal row it would repeat (the duplicate check of queueing), if any. */
  duplicates(
    profile: string,
    items: readonly DuplicateProbe[],
  ): Promise<Array<{ row: number; duplicate: SubmissionRow }>>;
  /** The most recent batches first. */
  recent(limit: number): Promise<Batch[]>;
  /** Queues rows of the batch in one transaction; a row number already in the batch is skipped. One answer per item, in the items' order. */
  queue(batchId: number, items: readonly BatchItem[]): Promise<BatchQueued[]>;
  /** Its rows by state. */
  counts(batchId: number): Promise<StateCounts>;
  /** The file row numbers it holds (a re-run of its file skips them): numbers only, never the rows. */
  rowNumbers(batchId: number): Promise<number[]>;
  /** Its rows by state and, of its failed rows, those waiting for an automatic retry: one snapshot. */
  progress(batchId: number): Promise<{ counts: StateCounts; retrying: number }>;
  setPaused(batchId: number, paused: boolean): Promise<Batch>;
  /** Its queued and failed rows become discarded (recorded with who); returns how many. */
  discardUnsent(batchId: number): Promise<number>;
  /** Its failed rows are queued again, due now (recorded with who); returns how many. */
  retryFailed(batchId: number): Promise<number>;
  /** Records rows of its file that were not queued (at most 250 at once); a row recorded before is replaced. */
  leaveOut(batchId: number, rows: readonly LeftOutRow[]): Promise<void>;
  /** Its file's rows not sent, in file order: those recorded by leaveOut that were not queued since. */
  leftOut(batchId: number): Promise<LeftOutRow[]>;
}

/** The outcome of one send, as recorded. */
export type SendOutcome =
  | { state: 'accepted'; recordid: number; message: string; httpStatus: number }
  | {
      state: 'rejected' | 'failed' | 'unknown';
      code: string;
      message: string;
      httpStatus: number | null;
      fields: Record<string, string> | null;
      nextAttemptAt: string | null;
    };

/** A send's outcome for one row, from the sender holding it under `owner`, naming the claim it answers (see recordOutcomes). */
export interface RecordOutcome {
  id: number;
  owner: string;
  claim: number;
  outcome: SendOutcome;
}

/** The profiles rows may be sent for now: entries for any of them, cancellations only where a path is set. */
export interface SendableProfiles {
  entries: readonly string[];
  cancellations: readonly string[];
}

/** Where the journal lives and who is signed in to it (shown on the screens). */
export type JournalLocation =
  | { kind: 'local'; path: string; user: string; role: 'local'; encrypted: boolean }
  | {
      kind: 'office';
      label: string;
      user: string;
      role: 'clerk' | 'supervisor' | 'owner';
      /** Said on the desk's screens when they do not update live (no announcements through a pooler). */
      note?: string;
    };

/** How many of a profile's rows still need sending or a person, by state. */
export type OpenCounts = Partial<Record<'queued' | 'sending' | 'failed' | 'unknown', number>>;

/** Counts by state. */
export type StateCounts = Partial<Record<JournalState, number>>;

/** The daily summary of a date range. */
export interface JournalReport {
  from: string;
  to: string;
  total: number;
  byState: StateCounts;
  byOperator: Array<{ name: string; total: number; states: StateCounts }>;
  byProfile: Array<{ name: string; total: number; states: StateCounts }>;
  attention: SubmissionRow[];
  attentionTotal: number;
  /** The range's superseded rows (each names its accepted correction), oldest first, at most 500. */
  corrected: SubmissionRow[];
  generatedAt: string;
}

/** A half-typed form as last autosaved. */
export interface Draft {
  profile: string;
  payload: unknown;
  /** The rejected or failed row the draft corrects once submitted (its "corrects #N" line), if any. */
  corrects: number | null;
  updatedAt: string;
}

/** The result of queueing: the new row, or the earlier one it may repeat (nothing written). */
export type QueueResult = { row: SubmissionRow; duplicate?: undefined } | { row?: undefined; duplicate: SubmissionRow };

/**
 * The journal, wherever it lives: on this computer (SQLite) or in the office database
 * (PostgreSQL). The pipeline, outbox, IPC handlers, screens and CLI use only this. Every change
 * of state is one transaction with its history entry. Who did something is the store's to know:
 * the operator on this computer, the database user in an office.
 */
export interface JournalStore {
  readonly location: JournalLocation;

  /** Calls the listener with each committed change of a row (from this process, or any desk in an office). */
  onChange(listener: (row: SubmissionRow) => void): () => void;
  /**
   * Calls the listener when the journal stops answering (an office database restarting) and when
   * it answers again; a journal on this computer never does. Returns the unsubscribe function.
   */
  onHealth?(listener: (reachable: boolean) => void): () => void;
  close(): Promise<void>;
  /** Transactions this store has committed so far (the benchmarks' commits per entry). */
  commits?(): number;

  /** The duplicate check (unless `allowDuplicate`) and the insert as `queued`: one transaction. */
  queue(submission: NewSubmission, allowDuplicate: boolean): Promise<QueueResult>;
  /** Moves one queued or failed row to sending under a lease; undefined if it is not in such a state. */
  claim(id: number, lease: Lease): Promise<SubmissionRow | undefined>;
  /**
   * Claims up to `limit` due rows of sendable profiles in one transaction, oldest first, each
   * committed as sending under the lease before it is returned; rows another sender holds are
   * skipped, never waited for.
   */
  claimDue(lease: Lease, sendable: SendableProfiles, limit: number): Promise<SubmissionRow[]>;
  /** claimDue for one row. */
  claimNext(lease: Lease, sendable: SendableProfiles): Promise<SubmissionRow | undefined>;
  /**
   * Gives back rows claimed ahead of their send that never left (a sender's spares on pause, cancel
   * or close): those of `ids` still `sending` under `lease` go back to `queued` in one transaction,
   * each with its history line; rows in any other state or held by another lease are left alone.
   * Returns how many went back. The caller names only rows it never sent.
   */
  unclaim(ids: readonly number[], lease: Lease): Promise<number>;
  /**
   * Records sends' outcomes in one transaction (group commit), in order; `next` claims up to `next.limit` rows in it;
   * `rows: false`: no rows back. An outcome settles its row only while the row is held under its owner and claim
   * (fencing): an outcome of another claim or owner is a late answer, noted in the history, and never refuses the
   * rest of the group. A missing owner or claim, or one row named twice, refuses the call (nothing changes).
   */
  recordOutcomes(
    outcomes: readonly RecordOutcome[],
    next?: { lease: Lease; sendable: SendableProfiles; limit: number },
    options?: { rows?: boolean },
  ): Promise<{ rows: SubmissionRow[]; next: SubmissionRow[] }>;
  /** recordOutcomes for one outcome (with `next`, claims at most one row). */
  recordOutcome(
    claimed: Pick<SubmissionRow, 'id' | 'claim'>,
    owner: string,
    outcome: SendOutcome,
    next?: { lease: Lease; sendable: SendableProfiles },
  ): Promise<{ row: SubmissionRow; next: SubmissionRow | undefined }>;
  renewLeases(lease: Lease): Promise<void>;
  /** Rows whose lease ran out become unknown; returns how many. */
  expireLeases(): Promise<number>;
  /** The earliest automatic retry among sendable failed rows, if any. */
  nextRetryAt(sendable: SendableProfiles): Promise<string | undefined>;

  /**
   * Queues a row again (a person's Resend). Unless `allowDuplicate`, a row whose send would repeat
   * another row of its profile — accepted, sending, unknown or queued, with the same content or the
   * same policy number — is held: nothing changes and that row is the answer.
   */
  resend(id: number, note?: string | null, allowDuplicate?: boolean): Promise<QueueResult>;
  markAccepted(id: number, recordid: number, note?: string | null): Promise<SubmissionRow>;
  discard(id: number, note?: string | null): Promise<SubmissionRow>;
  /**
   * Records that row `id` corrects row `corrects` (an earlier rejected or failed row of the same
   * kind and profile). Once `id` is accepted — already, or when its outcome is recorded — `corrects`
   * becomes superseded in that same transaction. Linking the same pair again changes nothing.
   */
  linkCorrection(id: number, corrects: number): Promise<SubmissionRow>;
  markReviewed(ids: readonly number[], note?: string | null): Promise<number>;

  get(id: number): Promise<SubmissionRow | undefined>;
  history(id: number): Promise<HistoryRow[]>;
  /** The histories of several rows in one read (an export's page), each in order. */
  histories(ids: readonly number[]): Promise<Map<number, HistoryRow[]>>;
  /** Each row's resolution (resolutionOf its history), for the rows that have one: an export's page in one read. */
  resolutions(ids: readonly number[]): Promise<Map<number, HistoryRow>>;
  /**
   * One page of the matching rows and how many match: exactly, unless `countUpTo` is given and more
   * match than that, when the office journal may give an estimate instead (`about`).
   */
  list(filter: JournalFilter, options?: { countUpTo?: number }): Promise<ListPage>;
  /** Every row matching the filter, in pages, never the whole table at once. */
  iterate(filter: JournalFilter): AsyncIterable<SubmissionRow>;
  attention(): Promise<{ unknown: number; failed: number; rejected: number }>;
  facets(): Promise<{ operators: string[]; profiles: string[] }>;
  report(from: string, to: string): Promise<JournalReport>;
  /**
   * The latest entry of this profile for the customer with this surname and postcode (compared
   * without case or spaces) that still holds their personal details, if any: a returning customer.
   * Rejected and discarded entries are not offered.
   */
  customer(profile: string, surname: string, postcode: string): Promise<SubmissionRow | undefined>;
  /** The entries that were given these recordids (the originals cancellations name), newest first. */
  entriesFor(recordids: readonly number[]): Promise<SubmissionRow[]>;

  openCounts(profile: string): Promise<OpenCounts>;
  renameProfile(from: string, to: string): Promise<void>;
  /** Failed rows waiting for new credentials become due now; returns how many. */
  retryWaiting(profile: string): Promise<number>;
  paused(): Promise<string[]>;
  setPaused(profile: string, paused: boolean): Promise<string[]>;
  /** The profile's failed rows waiting for a retry become due now and its sending resumes; returns how many are due. */
  sendNow(profile: string): Promise<number>;

  batches: BatchStore;

  privacy: PrivacyStore;

  /**
   * The office's update feed, which every desk of the office follows (the office journal only: a
   * desk's own journal has none, and the desk follows its own Settings). Supervisors and the owner set it.
   */
  updateFeed?: {
    get(): Promise<OfficeUpdateFeed>;
    set(url: string | null): Promise<OfficeUpdateFeed>;
  };

  drafts: {
    get(screen: string): Promise<Draft | undefined>;
    /** Keeps the form as typed, and the row it corrects (null: none), in one write. */
    save(screen: string, profile: string, payload: unknown, corrects?: number | null): Promise<void>;
    delete(screen: string): Promise<void>;
  };
}
