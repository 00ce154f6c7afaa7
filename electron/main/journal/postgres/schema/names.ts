/**
 * What the TypeScript side shares with the functions' SQL, in one place. schema-files.test.ts
 * checks the functions say the same.
 */

/** The channel every committed change of a row is announced on (payload: the ids, see announce.sql). */
export const CHANGE_CHANNEL = 'feed_desk_journal';

/** The most rows one call claims or records (a desk asks for its free sending slots). */
export const BATCH_LIMIT = 100;

/** Rows of a paused batch are not claimed (a predicate over `feed_desk.submissions s`). */
export const NOT_IN_PAUSED_BATCH = `(s.batch_id IS NULL OR NOT EXISTS
  (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))`;

/** Inserts one audit line ($1 action, $2 detail) as the session's user (migration 7's table). */
export const AUDIT_INSERT = 'INSERT INTO feed_desk.admin_audit (action, detail) VALUES ($1, $2)';
