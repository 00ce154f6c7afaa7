import type Database from 'better-sqlite3';
import type { HistoryRow, JournalState, SubmissionRow } from '../../../shared/journal/types';
import { toHistory, toRow, type RawSubmission } from './rows';
import type { NewSubmission, SendOutcome, Sendable } from './store';

/** Raised when an action does not fit a row's current state (e.g. resending an accepted entry). */
export class JournalStateError extends Error {
  override readonly name = 'JournalStateError' as const;
}

export type { NewSubmission, SendOutcome, Sendable } from './store';

const nowIso = () => new Date().toISOString();
const SENDABLE = `profile IN (SELECT value FROM json_each(@entries))
  AND (kind = 'entry' OR profile IN (SELECT value FROM json_each(@cancellations)))
  AND (batch_id IS NULL OR batch_id NOT IN (SELECT id FROM batches WHERE paused = 1))`;
const sendable = (s: Sendable) => ({
  entries: JSON.stringify(s.entries),
  cancellations: JSON.stringify(s.cancellations),
});

/**
 * The journal: every submission and each change of its state, in one SQLite file. Every
 * transition is one transaction that also appends to the history, with who and when.
 */
export class Journal {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly listeners = new Set<(row: SubmissionRow) => void>();
  private pending: SubmissionRow[] = [];

  constructor(readonly db: Database.Database) {}

  /**
   * Calls the listener with each row whose state changed (or that was queued), once the change
   * is committed; returns an unsubscribe function. Screens are told through this, never by polling.
   */
  onChange(listener: (row: SubmissionRow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notes a changed row, told to listeners once its transaction commits. */
  private changed(row: SubmissionRow): SubmissionRow {
    this.pending.push(row);
    return row;
  }

  /** A prepared statement, prepared once per SQL text. */
  stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs fn in one IMMEDIATE transaction (a savepoint when already inside one). */
  atomically<T>(fn: () => T): T {
    if (this.db.inTransaction) return this.db.transaction(fn).immediate();
    let result: T;
    try {
      result = this.db.transaction(fn).immediate();
    } catch (err) {
      this.pending = [];
      throw err;
    }
    this.flush();
    return result;
  }

  /** Tells listeners about the rows a committed transaction changed, each once, as committed. */
  private flush(): void {
    const ids = new Set(this.pending.map((row) => row.id));
    this.pending = [];
    if (this.listeners.size === 0) return;
    for (const id of ids) {
      const row = this.get(id);
      if (row) for (const listener of this.listeners) listener(row);
    }
  }

  /** Moves a row from one of `from` to `to`, setting columns, with a history entry; one transaction. */
  transition(
    id: number,
    from: readonly JournalState[],
    to: JournalState,
    set: Record<string, unknown>,
    actor: string,
    note: string | null = null,
  ): SubmissionRow {
    return this.atomically(() => {
      const before = this.get(id);
      if (!before) throw new JournalStateError(`No journal entry ${id}`);
      if (!from.includes(before.state)) {
        throw new JournalStateError(`Journal entry ${id} is ${before.state}; that action needs ${from.join(' or ')}`);
      }
      const at = nowIso();
      const assignments = Object.keys(set).map((c) => `, ${c} = @${c}`);
      const row = this.stmt(
        `UPDATE submissions SET state = @to, updated_at = @at${assignments.join('')} WHERE id = @id RETURNING *`,
      ).get({ ...set, to, at, id }) as RawSubmission;
      this.addHistory(id, before.state, to, actor, at, note);
      return this.changed(toRow(row));
    });
  }

  private addHistory(
    id: number,
    from: JournalState | null,
    to: JournalState,
    actor: string,
    at: string,
    note: string | null,
  ) {
    this.stmt(
      'INSERT INTO history (submission_id, from_state, to_state, actor, at, note) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, from, to, actor, at, note);
  }

  /** Writes a new submission as queued. */
  insertQueued(s: NewSubmission): SubmissionRow {
    return this.atomically(() => {
      const at = nowIso();
      const row = this.stmt(
        `INSERT INTO submissions (kind, profile, operator, payload, payload_hash, reference, policy, surname, postcode,
             original_recordid, state, created_at, updated_at, queued_at, batch_id, batch_row)
           VALUES (@kind, @profile, @operator, @payload, @hash, @reference, @policy, @surname, @postcode,
             @original, 'queued', @at, @at, @at, @batch, @batchRow) RETURNING *`,
      ).get({
        kind: s.kind,
        profile: s.profile,
        operator: s.operator,
        payload: JSON.stringify(s.payload),
        hash: s.payloadHash,
        reference: s.payload.reference ?? '',
        policy: s.payload.policy ?? '',
        surname: s.payload.surname ?? '',
        postcode: s.payload.postcode ?? '',
        original: s.originalRecordid ?? null,
        batch: s.batch?.id ?? null,
        batchRow: s.batch?.row ?? null,
        at,
      }) as RawSubmission;
      this.addHistory(row.id, null, 'queued', s.operator, at, null);
      return this.changed(toRow(row));
    });
  }

  /** Ids of rows due to be sent now (queued, or failed and due for retry) for profiles that can send. */
  dueIds(limit: number, profiles: Sendable): number[] {
    // Two ordered walks of the (state, id) index, each stopping at `limit`: one query with OR would
    // gather and sort every queued row for each claim (slow with a 10,000-row batch queued).
    const rows = this.stmt(
      `SELECT id FROM (SELECT id FROM submissions WHERE state = 'queued' AND ${SENDABLE} ORDER BY id LIMIT @limit)
       UNION ALL
       SELECT id FROM (SELECT id FROM submissions
         WHERE state = 'failed' AND next_attempt_at IS NOT NULL AND next_attempt_at <= @now AND ${SENDABLE}
         ORDER BY id LIMIT @limit)
       ORDER BY id LIMIT @limit`,
    ).all({ now: nowIso(), limit, ...sendable(profiles) }) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  /** The earliest automatic retry among sendable failed rows, if any. */
  nextRetryAt(profiles: Sendable): string | undefined {
    const row = this.stmt(
      `SELECT min(next_attempt_at) AS at FROM submissions
         WHERE state = 'failed' AND next_attempt_at IS NOT NULL AND ${SENDABLE}`,
    ).get(sendable(profiles)) as { at: string | null };
    return row.at ?? undefined;
  }

  /**
   * Records the outcome of a send. An outcome for a row that is no longer this sender's (its lease
   * expired and it became unknown) settles that unknown if no person has acted yet; otherwise it is
   * kept in the history as a late answer. Never throws for a late answer.
   */
  recordOutcome(id: number, owner: string, outcome: SendOutcome): SubmissionRow {
    return this.atomically(() => {
      const raw = this.stmt('SELECT state, lease_owner FROM submissions WHERE id = ?').get(id) as
        { state: JournalState; lease_owner: string | null } | undefined;
      if (!raw) throw new JournalStateError(`No journal entry ${id}`);
      const mine = raw.lease_owner === owner && (raw.state === 'sending' || raw.state === 'unknown');
      if (!mine) return this.noteLateAnswer(id, raw.state, outcome);
      const actor = raw.state === 'sending' ? 'system' : 'system (late answer)';
      const finished = outcome.state === 'failed' ? null : nowIso();
      const common = {
        lease_expires_at: null,
        finished_at: finished,
        http_status: outcome.httpStatus,
        message: outcome.message,
      };
      const set =
        outcome.state === 'accepted'
          ? { ...common, recordid: outcome.recordid, error_code: null, error_fields: null }
          : {
              ...common,
              error_code: outcome.code,
              error_fields: outcome.fields ? JSON.stringify(outcome.fields) : null,
              next_attempt_at: outcome.nextAttemptAt,
            };
      return this.transition(id, ['sending', 'unknown'], outcome.state, set, actor);
    });
  }

  private noteLateAnswer(id: number, state: JournalState, outcome: SendOutcome): SubmissionRow {
    const what =
      outcome.state === 'accepted'
        ? `accepted with recordid ${outcome.recordid}`
        : `${outcome.state}: ${outcome.message}`;
    this.addHistory(id, state, state, 'system (late answer)', nowIso(), `An earlier send finally answered: ${what}`);
    return this.get(id) as SubmissionRow;
  }

  /** A person chooses to send again (unknown, failed or rejected rows). */
  resend(id: number, actor: string, note: string | null = null): SubmissionRow {
    return this.transition(
      id,
      ['unknown', 'failed', 'rejected'],
      'queued',
      { next_attempt_at: null, queued_at: nowIso(), lease_owner: null },
      actor,
      note ?? 'resend',
    );
  }

  /** A person records that the service did store it, under this recordid. */
  markAccepted(id: number, recordid: number, actor: string, note: string | null = null): SubmissionRow {
    return this.transition(
      id,
      ['unknown', 'failed'],
      'accepted',
      {
        recordid,
        finished_at: nowIso(),
        next_attempt_at: null,
        message: `Marked accepted by ${actor}`,
        http_status: null,
      },
      actor,
      note ?? `marked accepted with recordid ${recordid}`,
    );
  }

  /** A person discards a submission that will not be sent. */
  discard(id: number, actor: string, note: string | null = null): SubmissionRow {
    return this.transition(
      id,
      ['unknown', 'failed', 'rejected', 'queued'],
      'discarded',
      { next_attempt_at: null, finished_at: nowIso() },
      actor,
      note ?? 'discarded',
    );
  }

  /** A supervisor marks rows reviewed (who, when, note), also kept in each row's history; returns how many. */
  markReviewed(ids: readonly number[], actor: string, note: string | null = null): number {
    return this.atomically(() => {
      const at = nowIso();
      let count = 0;
      for (const id of new Set(ids)) {
        const row = this.stmt(
          'UPDATE submissions SET reviewed_by = ?, reviewed_at = ?, review_note = ? WHERE id = ? RETURNING *',
        ).get(actor, at, note, id) as RawSubmission | undefined;
        if (!row) continue;
        this.addHistory(id, row.state, row.state, actor, at, note ? `reviewed: ${note}` : 'reviewed');
        this.changed(toRow(row));
        count += 1;
      }
      return count;
    });
  }

  get(id: number): SubmissionRow | undefined {
    const row = this.stmt('SELECT * FROM submissions WHERE id = ?').get(id) as RawSubmission | undefined;
    return row ? toRow(row) : undefined;
  }

  history(id: number): HistoryRow[] {
    return (
      this.stmt('SELECT * FROM history WHERE submission_id = ? ORDER BY id').all(id) as Parameters<
        typeof toHistory
      >[0][]
    ).map(toHistory);
  }

  /** The histories of several rows in one read, each in order. */
  histories(ids: readonly number[]): Map<number, HistoryRow[]> {
    const rows = this.stmt(
      'SELECT * FROM history WHERE submission_id IN (SELECT value FROM json_each(?)) ORDER BY submission_id, id',
    ).all(JSON.stringify(ids)) as Array<Parameters<typeof toHistory>[0] & { submission_id: number }>;
    const byRow = new Map<number, HistoryRow[]>(ids.map((id) => [id, []]));
    for (const r of rows) byRow.get(r.submission_id)?.push(toHistory(r));
    return byRow;
  }

  close(): void {
    this.db.close();
  }
}
