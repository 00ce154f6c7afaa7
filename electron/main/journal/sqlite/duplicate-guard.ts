import type { SubmissionKind, SubmissionRow } from '../../../../shared/journal/types';
import type { Db } from './db';
import { toRow, type RawSubmission } from './rows';

/**
 * The latest submission in this profile that this one would repeat: identical content, the same
 * reference + policy (entries), or a cancellation of the same recordid (cancellations).
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
  const live = `kind = @kind AND state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')`;
  const params = { kind, profile, hash, reference, policy, original: originalRecordid };
  const byHash = db
    .stmt(
      `SELECT * FROM submissions WHERE profile = @profile AND payload_hash = @hash AND ${live} ORDER BY id DESC LIMIT 1`,
    )
    .get(params) as RawSubmission | undefined;
  const byRefPolicy =
    kind === 'cancellation' && originalRecordid !== null
      ? (db
          .stmt(
            `SELECT * FROM submissions WHERE profile = @profile AND original_recordid = @original AND ${live}
             ORDER BY id DESC LIMIT 1`,
          )
          .get(params) as RawSubmission | undefined)
      : kind === 'entry' && reference
        ? (db
            .stmt(
              `SELECT * FROM submissions WHERE profile = @profile AND reference = @reference AND policy = @policy AND ${live}
             ORDER BY id DESC LIMIT 1`,
            )
            .get(params) as RawSubmission | undefined)
        : undefined;
  const latest = (byRefPolicy?.id ?? 0) > (byHash?.id ?? 0) ? byRefPolicy : byHash;
  return latest && toRow(latest);
}
