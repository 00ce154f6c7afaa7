import type { SubmissionRow } from '@shared/journal/types';
import type { JournalStore, Lease, RecordOutcome, SendableProfiles } from '../journal/store';

/**
 * How long the first answer waits for others to share its commit, at most (ms). None by default:
 * a commit starts as soon as an answer waits and no commit is running, and the answers that arrive
 * while it runs share the next one (a timer measured slower: slots waited on it).
 */
export const GROUP_WINDOW_MS = 0;
/** The most outcomes one commit records. */
const GROUP_LIMIT = 64;

interface Waiting {
  item: RecordOutcome;
  wantsNext: boolean;
  wantsRow: boolean;
  resolve(recorded: { row: SubmissionRow | undefined; next: SubmissionRow | undefined }): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  journal: JournalStore;
  lease: Lease;
  /** The profiles rows may be claimed for now (read when a commit also claims). */
  sendable(): Promise<SendableProfiles>;
  /** Sends whose answer has not arrived yet: while none is left, nothing is worth waiting for. */
  awaiting(): number;
  /** See GROUP_WINDOW_MS; a positive window holds the first answer up to that long (tests hold a commit so). */
  windowMs?: number;
}

/**
 * Group commit of sends' outcomes: answers that arrive close together are recorded in one
 * transaction, with the next rows their senders go on with claimed in that same transaction. A
 * commit starts as soon as an answer waits and no commit is running (with a positive `windowMs`:
 * once every send in flight has answered, or `windowMs` after the first answer waiting); the
 * answers that arrive meanwhile share the next commit. Each answer's promise resolves only after its
 * commit, so nothing is acknowledged before it is durable. A crash before then leaves the rows
 * `sending` under their lease, exactly as a crash before a single commit would.
 */
export function createGroupCommit(options: GroupCommitOptions) {
  const windowMs = options.windowMs ?? GROUP_WINDOW_MS;
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  let committing = false;

  function schedule(): void {
    if (committing || waiting.length === 0) return;
    if (windowMs <= 0 || options.awaiting() === 0 || waiting.length >= GROUP_LIMIT) {
      clearTimeout(timer);
      timer = undefined;
      void commit();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        void commit();
      }, windowMs);
    }
  }

  async function commit(): Promise<void> {
    if (committing || waiting.length === 0) return;
    committing = true;
    const group = waiting.slice(0, GROUP_LIMIT);
    waiting = waiting.slice(group.length);
    try {
      const wanted = group.filter((w) => w.wantsNext).length;
      const next = wanted ? { lease: options.lease, sendable: await options.sendable(), limit: wanted } : undefined;
      // The recorded rows are read back only when a sender asked for its row (a send from a screen).
      const rows = group.some((w) => w.wantsRow);
      const recorded = await options.journal.recordOutcomes(
        group.map((w) => w.item),
        next,
        { rows },
      );
      const claimed = [...recorded.next];
      group.forEach((w, i) =>
        w.resolve({ row: rows ? recorded.rows[i] : undefined, next: w.wantsNext ? claimed.shift() : undefined }),
      );
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      committing = false;
      schedule();
    }
  }

  return {
    /**
     * Records the outcome with others close in time; with `wantsNext`, a due row is claimed for this
     * sender too; with `wantsRow`, the recorded row is read back.
     */
    record(
      item: RecordOutcome,
      wantsNext: boolean,
      wantsRow = true,
    ): Promise<{ row: SubmissionRow | undefined; next: SubmissionRow | undefined }> {
      return new Promise((resolve, reject) => {
        waiting.push({ item, wantsNext, wantsRow, resolve, reject });
        schedule();
      });
    },
  };
}
