/**
 * Migration 7: the administration audit. Every change an owner makes to the office journal (set
 * up or upgraded, a person added, a role changed, sign-in turned off or on, a desk's history
 * brought in) is a line here, written in the same transaction as the change. Only the owner reads
 * it: no group is granted anything on it.
 */
export const ADMIN_SQL = `
CREATE TABLE feed_desk.admin_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL DEFAULT session_user,
  action text NOT NULL,
  detail text NOT NULL DEFAULT ''
);
`;

/** Inserts one audit line ($1 action, $2 detail) as the session's user. */
export const AUDIT_INSERT = 'INSERT INTO feed_desk.admin_audit (action, detail) VALUES ($1, $2)';
