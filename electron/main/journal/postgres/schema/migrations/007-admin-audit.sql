-- Migration 7 of the office journal (schema 6 to 7), as it shipped.
-- The administration audit. Every change an owner makes to the office journal (set
-- up or upgraded, a person added, a role changed, sign-in turned off or on, a desk's history
-- brought in) is a line here, written in the same transaction as the change. Only the owner reads
-- it: no group is granted anything on it.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE TABLE feed_desk.admin_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL DEFAULT session_user,
  action text NOT NULL,
  detail text NOT NULL DEFAULT ''
);
