import type { Lease, RecordOutcome, SendableProfiles } from '../../store';
import type { SendingSection } from '../../store-sections';
import type { Db } from '../connection/db';
import { iso, toRow, type PgSubmission } from './rows';
import { BATCH_LIMIT, NOT_IN_PAUSED_BATCH } from '../schema/names';
import { claimGuard } from './claim-guard';
import { timedClaim } from './claim-times';

type Sending = SendingSection;

/** Lease durations travel as whole milliseconds (an integer column of the functions). */
const ms = (lease: Lease) => Math.max(0, Math.round(lease.ms));
const lists = (s: SendableProfiles) => [[...s.entries], [...s.cancellations]];

/**
 * Queueing and sending through the database's functions: each call one transaction with its
 * history entry, the operator and actors named by the database. A call whose connection dropped
 * mid-way is retried (see wrapPool) and made safe here: a queue that did commit is recognised as
 * this user's own row rather than a duplicate, and a claim that did commit but whose row never
 * came back is released (see ClaimGuard).
 */
export function sendingMethods(db: Db, user: string): Sending {
  const claims = claimGuard(db);
  const claimDue: Sending['claimDue'] = (lease, sendable, limit) =>
    claims.run(lease.owner, async (hooks) => {
      if (limit < 1) return [];
      const rows = await timedClaim(() =>
        db.rows<PgSubmission>(
          'SELECT * FROM feed_desk.claim_due($1, $2, $3::text[], $4::text[], $5)',
          [lease.owner, ms(lease), ...lists(sendable), Math.min(limit, BATCH_LIMIT)],
          hooks,
        ),
      );
      return rows.map((row) => claims.held(lease.owner, toRow(row)));
    });
  const recordOutcomes: Sending['recordOutcomes'] = (outcomes, next) =>
    claims.run(next?.lease.owner ?? outcomes[0]?.owner ?? '', async (hooks) => {
      const rows = await db.rows<PgSubmission & { is_next: boolean }>(
        `SELECT q.is_next, (q.submission).* FROM feed_desk.record_outcomes($1::json, $2, $3, $4::text[], $5::text[], $6) q`,
        [
          JSON.stringify(outcomes.map(wireOutcome)),
          next?.lease.owner ?? null,
          next ? ms(next.lease) : null,
          ...(next ? lists(next.sendable) : [null, null]),
          next ? Math.min(next.limit, BATCH_LIMIT) : null,
        ],
        hooks,
      );
      const settled = rows.filter((r) => !r.is_next).map(toRow);
      if (settled.length !== outcomes.length) throw new Error('feed_desk.record_outcomes answered another count');
      for (const { id, owner } of outcomes) claims.settled(owner, id);
      const owner = next?.lease.owner ?? '';
      return { rows: settled, next: rows.filter((r) => r.is_next).map((r) => claims.held(owner, toRow(r))) };
    });
  return {
    async queue(submission, allowDuplicate) {
      let retried = false;
      const result = await db.first<PgSubmission & { duplicate: boolean }>(
        `SELECT q.duplicate, (q.submission).* FROM feed_desk.queue($1, $2, $3::json, $4, $5, $6) q`,
        [
          submission.kind,
          submission.profile,
          JSON.stringify(submission.payload),
          submission.payloadHash,
          submission.originalRecordid ?? null,
          allowDuplicate,
        ],
        { onRetry: (ambiguous) => (retried ||= ambiguous) },
      );
      if (!result) throw new Error('feed_desk.queue returned nothing');
      const row = toRow(result);
      // The first try committed and its answer was lost: the "duplicate" is this very row.
      const ours =
        retried &&
        row.operator === user &&
        row.state === 'queued' &&
        row.attempts === 0 &&
        row.payload &&
        JSON.stringify(row.payload) === JSON.stringify(submission.payload);
      return result.duplicate && !ours ? { duplicate: row } : { row };
    },

    claim: (id, lease) =>
      claims.run(lease.owner, async (hooks) => {
        const row = await db.first<PgSubmission>(
          'SELECT * FROM feed_desk.claim($1, $2, $3)',
          [id, lease.owner, ms(lease)],
          hooks,
        );
        return row && claims.held(lease.owner, toRow(row));
      }),

    claimDue,
    async claimNext(lease, sendable) {
      return (await claimDue(lease, sendable, 1))[0];
    },

    async unclaim(ids, lease) {
      const result = await db.first<{ n: number }>('SELECT feed_desk.unclaim($1, $2::bigint[]) AS n', [
        lease.owner,
        [...ids],
      ]);
      for (const id of ids) claims.settled(lease.owner, id);
      return Number(result?.n ?? 0);
    },

    recordOutcomes,
    async recordOutcome({ id, claim }, owner, outcome, next) {
      const recorded = await recordOutcomes([{ id, owner, claim, outcome }], next && { ...next, limit: 1 });
      return { row: recorded.rows[0]!, next: recorded.next[0] };
    },

    async renewLeases(lease) {
      await db.rows('SELECT feed_desk.renew_leases($1, $2)', [lease.owner, ms(lease)]);
    },

    async expireLeases() {
      const result = await db.first<{ n: number }>('SELECT feed_desk.expire_leases() AS n');
      return Number(result?.n ?? 0);
    },

    async nextRetryAt(sendable) {
      const result = await db.first<{ at: Date | null }>(
        `SELECT min(next_attempt_at) AS at FROM feed_desk.submissions s
           WHERE state = 'failed' AND next_attempt_at IS NOT NULL
             AND profile = ANY ($1::text[]) AND (kind = 'entry' OR profile = ANY ($2::text[])) AND ${NOT_IN_PAUSED_BATCH}`,
        lists(sendable),
      );
      return iso(result?.at ?? null) ?? undefined;
    },
  };
}

/** One outcome as feed_desk.record_outcomes reads it. */
function wireOutcome({ id, owner, claim, outcome }: RecordOutcome) {
  const failure = outcome.state === 'accepted' ? undefined : outcome;
  return {
    id,
    owner,
    claim,
    state: outcome.state,
    recordid: outcome.state === 'accepted' ? outcome.recordid : null,
    code: failure?.code ?? null,
    message: outcome.message,
    http: outcome.httpStatus,
    fields: failure?.fields ?? null,
    next_attempt_at: failure?.nextAttemptAt ?? null,
  };
}
