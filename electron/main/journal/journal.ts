import type Database from 'better-sqlite3';
import type { HistoryRow, JournalState, SubmissionKind, SubmissionRow } from '../../../shared/journal/types';
import { toHistory, toRow, type RawSubmission } from './rows';

/** Raised when an action does not fit a row's current state (e.g. resending an accepted entry). */
export class JournalStateError extends Error {
  override readonly name = 'JournalStateError' as const;
}

/** What is written when a submission is queued. */
export interface NewSubmission {
  kind: SubmissionKind;
  profile: string;
  operator: string;
  payload: Record<string, string>;
  payloadHash: string;
  originalRecordid?: number | null;
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

const nowIso = () => new Date().toISOString();

/**
 * The journal: every submission and each change of its state, in one SQLite file. Every
 * transition is one transaction that also appends to the history, with who and when.
 */
export class Journal {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  /** A prepared statement, prepared once per SQL text. */
  stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private transition(
    id: number,
    from: readonly JournalState[],
    to: JournalState,
    set: Record<string, unknown>,
    actor: string,
    note: string | null = null,
  ): SubmissionRow {
    return this.atomically(() => {
      const before = this.stmt('SELECT state FROM submissions WHERE id = ?').get(id) as
        { state: JournalState } | undefined;
      if (!before) throw new JournalStateError(`No journal entry ${id}`);
      if (!from.includes(before.state)) {
        throw new JournalStateError(`Journal entry ${id} is ${before.state}; that action needs ${from.join(' or ')}`);
      }
      const at = nowIso();
      const columns = Object.keys(set);
      const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
      const row = this.stmt(
        `UPDATE submissions SET state = @to, updated_at = @at${assignments ? `, ${assignments}` : ''} WHERE id = @id RETURNING *`,
      ).get({ ...set, to, at, id }) as RawSubmission;
      this.addHistory(id, before.state, to, actor, at, note);
      return toRow(row);
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
             original_recordid, state, created_at, updated_at, queued_at)
           VALUES (@kind, @profile, @operator, @payload, @hash, @reference, @policy, @surname, @postcode,
             @original, 'queued', @at, @at, @at) RETURNING *`,
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
        at,
      }) as RawSubmission;
      this.addHistory(row.id, null, 'queued', s.operator, at, null);
      return toRow(row);
    });
  }

  /** Runs fn in one IMMEDIATE transaction (a savepoint when already inside one). */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** Atomically moves one queued or retry-due failed row to sending; undefined if it is not claimable. */
  claim(id: number, senderPid: number): SubmissionRow | undefined {
    return this.atomically(() => {
      const before = this.stmt('SELECT state FROM submissions WHERE id = ?').get(id) as
        { state: JournalState } | undefined;
      if (before?.state !== 'queued' && before?.state !== 'failed') return undefined;
      const at = nowIso();
      const row = this.stmt(
        `UPDATE submissions SET state = 'sending', attempts = attempts + 1, sending_at = @at, sender_pid = @pid,
           next_attempt_at = NULL, updated_at = @at
         WHERE id = @id RETURNING *`,
      ).get({ id, pid: senderPid, at }) as RawSubmission;
      this.addHistory(id, before.state, 'sending', 'system', at, null);
      return toRow(row);
    });
  }

  /** Ids of rows due to be sent (queued, or failed and due for retry); skips cancellations that have no path. */
  dueIds(limit: number, noCancellationPath: readonly string[] = []): number[] {
    const rows = this.stmt(
      `SELECT id FROM submissions
         WHERE (state = 'queued' OR (state = 'failed' AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?))
           AND NOT (kind = 'cancellation' AND profile IN (SELECT value FROM json_each(?)))
         ORDER BY id LIMIT ?`,
    ).all(nowIso(), JSON.stringify(noCancellationPath), limit) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  /** The earliest retry time among failed rows, if any. */
  nextRetryAt(): string | undefined {
    const row = this.stmt(
      `SELECT min(next_attempt_at) AS at FROM submissions WHERE state = 'failed' AND next_attempt_at IS NOT NULL`,
    ).get() as { at: string | null };
    return row.at ?? undefined;
  }

  /** Records the outcome of a send: accepted (recordid, message, time in one transaction) or a failure. */
  recordOutcome(id: number, outcome: SendOutcome): SubmissionRow {
    const finished = outcome.state === 'failed' ? null : nowIso();
    if (outcome.state === 'accepted') {
      return this.transition(
        id,
        ['sending'],
        'accepted',
        {
          recordid: outcome.recordid,
          message: outcome.message,
          http_status: outcome.httpStatus,
          finished_at: finished,
          error_code: null,
          error_fields: null,
        },
        'system',
      );
    }
    return this.transition(
      id,
      ['sending'],
      outcome.state,
      {
        error_code: outcome.code,
        message: outcome.message,
        http_status: outcome.httpStatus,
        error_fields: outcome.fields ? JSON.stringify(outcome.fields) : null,
        next_attempt_at: outcome.nextAttemptAt,
        finished_at: finished,
      },
      'system',
    );
  }

  /** Start-up recovery: rows left sending by a process that is gone become unknown. */
  recover(isAlive: (pid: number) => boolean): number {
    const stuck = this.stmt(`SELECT id, sender_pid FROM submissions WHERE state = 'sending'`).all() as Array<{
      id: number;
      sender_pid: number | null;
    }>;
    let count = 0;
    for (const row of stuck) {
      if (row.sender_pid !== null && row.sender_pid !== process.pid && isAlive(row.sender_pid)) continue;
      this.transition(
        row.id,
        ['sending'],
        'unknown',
        { error_code: 'unknown', message: 'Interrupted while sending: the service may or may not have stored it' },
        'system (start-up recovery)',
      );
      count += 1;
    }
    return count;
  }

  /** A person chooses to send again (unknown, failed or rejected rows). */
  resend(id: number, actor: string, note: string | null = null): SubmissionRow {
    return this.transition(
      id,
      ['unknown', 'failed', 'rejected'],
      'queued',
      { next_attempt_at: null, queued_at: nowIso() },
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
      { recordid, finished_at: nowIso(), next_attempt_at: null },
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

  /** A supervisor marks a row reviewed (who, when, note); the state does not change. */
  markReviewed(id: number, actor: string, note: string | null): SubmissionRow {
    const row = this.stmt(
      'UPDATE submissions SET reviewed_by = ?, reviewed_at = ?, review_note = ? WHERE id = ? RETURNING *',
    ).get(actor, nowIso(), note, id) as RawSubmission | undefined;
    if (!row) throw new JournalStateError(`No journal entry ${id}`);
    return toRow(row);
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

  close(): void {
    this.db.close();
  }
}
