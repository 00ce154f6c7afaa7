import type { SubmissionKind, SubmissionRow } from '@shared/journal/types';
import type { Db } from './db';
import { toRow, type RawSubmission } from './rows';

/** States of rows a new submission may repeat (queue time: anything sent, being sent or still to be sent). */
const QUEUE_STATES = ['accepted', 'sending', 'unknown', 'queued', 'failed'] as const;
/** States of rows a send of an existing row may repeat (resend, automatic retry): stored, or maybe stored. */
export const SEND_STATES = ['accepted', 'sending', 'unknown', 'queued'] as const;

interface Twin {
  kind: SubmissionKind;
  profile: string;
  hash: string;
  reference: string;
  policy: string;
  originalRecordid: number | null;
  /** The row being sent again, never its own twin. */
  exceptId?: number;
}

function latestTwin(db: Db, t: Twin, states: readonly string[]): SubmissionRow | undefined {
  const live = `kind = @kind AND state IN (SELECT value FROM json_each(@states)) AND id <> @except`;
  const params = {
    kind: t.kind,
    profile: t.profile,
    hash: t.hash,
    policy: t.policy,
    original: t.originalRecordid,
    states: JSON.stringify(states),
    except: t.exceptId ?? 0,
  };
  const byHash = db
    .stmt(
      `SELECT * FROM submissions WHERE profile = @profile AND payload_hash = @hash AND ${live} ORDER BY id DESC LIMIT 1`,
    )
    .get(params) as RawSubmission | undefined;
  const byRefPolicy =
    t.kind === 'cancellation' && t.originalRecordid !== null
      ? (db
          .stmt(
            `SELECT * FROM submissions WHERE profile = @profile AND original_recordid = @original AND ${live}
             ORDER BY id DESC LIMIT 1`,
          )
          .get(params) as RawSubmission | undefined)
      : t.kind === 'entry' && t.policy
        ? (db
            .stmt(
              `SELECT * FROM submissions WHERE profile = @profile AND policy = @policy AND ${live}
             ORDER BY id DESC LIMIT 1`,
            )
            .get(params) as RawSubmission | undefined)
        : undefined;
  const latest = (byRefPolicy?.id ?? 0) > (byHash?.id ?? 0) ? byRefPolicy : byHash;
  return latest && toRow(latest);
}

/**
 * The latest submission in this profile that this one would repeat: identical content, the same
 * policy number whatever the reference (entries), or a cancellation of the same recordid (cancellations).
 */
export function findDuplicate(
  db: Db,
  kind: SubmissionKind,
  profile: string,
  hash: string,
  reference: string,
  policy: string,
  originalRecordid: number | null = null,
): SubmissionRow | undefined {
  return latestTwin(db, { kind, profile, hash, reference, policy, originalRecordid }, QUEUE_STATES);
}

/**
 * The latest other row that a send of row `id` (a resend, an automatic retry) would repeat: one
 * the service stored or may have stored (accepted, sending, unknown) or is about to send (queued),
 * with the same content or the same policy number (cancellations: the same recordid).
 */
export function findSendTwin(db: Db, id: number): SubmissionRow | undefined {
  const row = db.stmt('SELECT * FROM submissions WHERE id = ?').get(id) as RawSubmission | undefined;
  if (!row) return undefined;
  return latestTwin(
    db,
    {
      kind: row.kind,
      profile: row.profile,
      hash: row.payload_hash,
      reference: row.reference,
      policy: row.policy,
      originalRecordid: row.original_recordid,
      exceptId: row.id,
    },
    SEND_STATES,
  );
}
