import type { JournalState, SubmissionRow } from '@shared/journal/types';
import { JournalStateError } from '../errors';
import type { Lease, NewSubmission, QueueResult, RecordOutcome, SendableProfiles, SendOutcome } from '../store';
import type { SendingSection } from '../store-sections';
import { supersedeCorrected } from './corrections';
import { nowIso, promised, type Db } from './db';
import { findDuplicate, findSendTwin } from './duplicate-guard';
import { toRow, type RawSubmission } from './rows';
import { unclaim } from './unclaim';

type Sending = SendingSection;

const SENDABLE = `profile IN (SELECT value FROM json_each(@entries))
  AND (kind = 'entry' OR profile IN (SELECT value FROM json_each(@cancellations)))
  AND (batch_id IS NULL OR batch_id NOT IN (SELECT id FROM batches WHERE paused = 1))`;
const sendableParams = (s: SendableProfiles) => ({
  entries: JSON.stringify(s.entries),
  cancellations: JSON.stringify(s.cancellations),
});

const leaseColumns = (lease: Lease) => ({
  lease_owner: lease.owner,
  lease_expires_at: new Date(Date.now() + lease.ms).toISOString(),
});

const INSERT_QUEUED = `INSERT INTO submissions (kind, profile, operator, payload, payload_hash, reference, policy,
    surname, postcode, original_recordid, state, created_at, updated_at, queued_at, batch_id, batch_row)
  VALUES (@kind, @profile, @operator, @payload, @hash, @reference, @policy, @surname, @postcode,
    @original, 'queued', @at, @at, @at, @batch, @batchRow)`;

/** The insert's parameters for a new submission queued at `at`. */
const insertParams = (s: NewSubmission, at: string) => ({
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
});

/** Writes a new submission as queued, with its history line. */
export function insertQueued(db: Db, s: NewSubmission): SubmissionRow {
  return db.atomically(() => {
    const at = nowIso();
    const row = db.stmt(`${INSERT_QUEUED} RETURNING *`).get(insertParams(s, at)) as RawSubmission;
    db.addHistory(row.id, null, 'queued', s.operator, at, null);
    return db.changed(toRow(row));
  });
}

/**
 * insertQueued for a caller that needs only the new row's id (a batch's rows): the row is read back
 * only when someone listens for changes.
 */
export function insertQueuedId(db: Db, s: NewSubmission): number {
  if (db.listening) return insertQueued(db, s).id;
  return db.atomically(() => {
    const at = nowIso();
    const { id } = db.stmt(`${INSERT_QUEUED} RETURNING id`).get(insertParams(s, at)) as { id: number };
    db.addHistory(id, null, 'queued', s.operator, at, null);
    return id;
  });
}

/** Ids of rows due to be sent now (queued, or failed and due for retry) for profiles that can send. */
function dueIds(db: Db, limit: number, profiles: SendableProfiles): number[] {
  // Two ordered walks of the (state, id) index, each stopping at `limit`: one query with OR would
  // gather and sort every queued row for each claim (slow with a 10,000-row batch queued).
  const rows = db
    .stmt(
      `SELECT id FROM (SELECT id FROM submissions WHERE state = 'queued' AND ${SENDABLE} ORDER BY id LIMIT @limit)
       UNION ALL
       SELECT id FROM (SELECT id FROM submissions
         WHERE state = 'failed' AND next_attempt_at IS NOT NULL AND next_attempt_at <= @now AND ${SENDABLE}
         ORDER BY id LIMIT @limit)
       ORDER BY id LIMIT @limit`,
    )
    .all({ now: nowIso(), limit, ...sendableParams(profiles) }) as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/** Moves one queued or failed row to sending under a lease; undefined if it is not in such a state. */
function claim(db: Db, id: number, lease: Lease): SubmissionRow | undefined {
  return db.atomically(() => {
    const current = db.stmt('SELECT state, attempts, claim_token FROM submissions WHERE id = ?').get(id) as
      { state: JournalState; attempts: number; claim_token: number } | undefined;
    if (current?.state !== 'queued' && current?.state !== 'failed') return undefined;
    // An automatic retry asks what a person's Resend asks; a held row waits for a person.
    const twin = current.state === 'failed' ? findSendTwin(db, id) : undefined;
    if (twin) {
      db.transition(
        id,
        ['failed'],
        'failed',
        { next_attempt_at: null },
        'system',
        `held: possible duplicate of #${twin.id}`,
      );
      return undefined;
    }
    const set = {
      attempts: current.attempts + 1,
      // The fencing token: raised by every claim, never lowered (unclaim lowers attempts, not this).
      claim_token: current.claim_token + 1,
      sending_at: nowIso(),
      next_attempt_at: null,
      ...leaseColumns(lease),
    };
    return db.transition(id, ['queued', 'failed'], 'sending', set, 'system', null, current);
  });
}

/** Claims up to `limit` due rows in one transaction (a row another process took meanwhile is passed over). */
function claimDue(db: Db, lease: Lease, sendable: SendableProfiles, limit: number): SubmissionRow[] {
  if (limit < 1) return [];
  return db.atomically(() => {
    const rows: SubmissionRow[] = [];
    for (const id of dueIds(db, limit + 3, sendable)) {
      const row = claim(db, id, lease);
      if (row) rows.push(row);
      if (rows.length === limit) break;
    }
    return rows;
  });
}

/**
 * Records outcomes, then claims up to `next.limit` rows: one transaction. Without `rows` the
 * recorded rows are not handed back (they would cross to the sending thread for nothing).
 */
function recordOutcomes(
  db: Db,
  outcomes: readonly RecordOutcome[],
  next?: { lease: Lease; sendable: SendableProfiles; limit: number },
  rows = true,
): { rows: SubmissionRow[]; next: SubmissionRow[] } {
  checkOutcomes(outcomes);
  return db.atomically(() => {
    const recorded = outcomes.map((item) => recordOutcome(db, item));
    return {
      rows: rows ? recorded : [],
      next: next ? claimDue(db, next.lease, next.sendable, next.limit) : [],
    };
  });
}

/** A call naming no owner or claim, or one row twice, is refused whole before anything changes. */
function checkOutcomes(outcomes: readonly RecordOutcome[]): void {
  const seen = new Set<number>();
  for (const { id, owner, claim } of outcomes) {
    if (typeof owner !== 'string' || owner === '' || !Number.isInteger(claim) || claim < 1) {
      throw new JournalStateError(`The outcome for journal entry ${id} names no sender or claim: nothing was recorded`);
    }
    if (seen.has(id))
      throw new JournalStateError(`Journal entry ${id} has two outcomes in one call: nothing was recorded`);
    seen.add(id);
  }
}

/**
 * Records the outcome of a send. Only the claim it names settles the row (fencing): while that claim
 * is `sending` under this owner, or became `unknown` (its lease expired) with no person acting since.
 * An outcome of any other claim or owner is kept in the history as a late answer. Never throws for a
 * late answer.
 */
function recordOutcome(db: Db, { id, owner, claim, outcome }: RecordOutcome): SubmissionRow {
  return db.atomically(() => {
    const raw = db.stmt('SELECT state, lease_owner, claim_token FROM submissions WHERE id = ?').get(id) as
      { state: JournalState; lease_owner: string | null; claim_token: number } | undefined;
    if (!raw) throw new JournalStateError(`No journal entry ${id}`);
    const mine =
      raw.lease_owner === owner && raw.claim_token === claim && (raw.state === 'sending' || raw.state === 'unknown');
    if (!mine) return noteLateAnswer(db, id, raw.state, outcome);
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
    const row = db.transition(id, ['sending', 'unknown'], outcome.state, set, actor, null, raw);
    return supersedeCorrected(db, row, 'system');
  });
}

function noteLateAnswer(db: Db, id: number, state: JournalState, outcome: SendOutcome): SubmissionRow {
  const what =
    outcome.state === 'accepted'
      ? `accepted with recordid ${outcome.recordid}`
      : `${outcome.state}: ${outcome.message}`;
  db.addHistory(id, state, state, 'system (late answer)', nowIso(), `An earlier send finally answered: ${what}`);
  return db.get(id) as SubmissionRow;
}

/**
 * Rows in `sending` whose lease ran out become unknown, whatever process ids exist now: their
 * sender is gone or stalled, and the service may or may not have stored them.
 */
function expireLeases(db: Db): number {
  const expired = () =>
    db
      .stmt(`SELECT id FROM submissions WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < ?)`)
      .all(nowIso()) as Array<{ id: number }>;
  // A look every second finds none most of the time: no write transaction (and no commit) then.
  if (expired().length === 0) return 0;
  return db.atomically(() => {
    const stuck = expired();
    for (const { id } of stuck) {
      db.transition(
        id,
        ['sending'],
        'unknown',
        { error_code: 'unknown', message: 'Interrupted while sending: the service may or may not have stored it' },
        'system (lease expired)',
      );
    }
    return stuck.length;
  });
}

/** Queueing and sending in the journal on this computer: each call one transaction with its history. */
export function sendingMethods(db: Db): Sending {
  return promised<Sending>({
    queue: (s, allowDuplicate) =>
      db.atomically((): QueueResult => {
        const duplicate =
          !allowDuplicate &&
          findDuplicate(
            db,
            s.kind,
            s.profile,
            s.payloadHash,
            s.payload.reference ?? '',
            s.payload.policy ?? '',
            s.originalRecordid ?? null,
          );
        return duplicate ? { duplicate } : { row: insertQueued(db, s) };
      }),
    claim: (id, lease) => claim(db, id, lease),
    claimDue: (lease, sendable, limit) => claimDue(db, lease, sendable, limit),
    claimNext: (lease, sendable) => claimDue(db, lease, sendable, 1)[0],
    unclaim: (ids, lease) => unclaim(db, ids, lease),
    recordOutcomes: (outcomes, next, options) => recordOutcomes(db, outcomes, next, options?.rows ?? true),
    recordOutcome: ({ id, claim }, owner, outcome, next) => {
      const recorded = recordOutcomes(db, [{ id, owner, claim, outcome }], next && { ...next, limit: 1 });
      return { row: recorded.rows[0]!, next: recorded.next[0] };
    },
    renewLeases: (lease) => {
      db.stmt(
        `UPDATE submissions SET lease_expires_at = @lease_expires_at WHERE state = 'sending' AND lease_owner = @lease_owner`,
      ).run(leaseColumns(lease));
    },
    expireLeases: () => expireLeases(db),
    nextRetryAt: (profiles) => {
      const row = db
        .stmt(
          `SELECT min(next_attempt_at) AS at FROM submissions
             WHERE state = 'failed' AND next_attempt_at IS NOT NULL AND ${SENDABLE}`,
        )
        .get(sendableParams(profiles)) as { at: string | null };
      return row.at ?? undefined;
    },
  });
}
