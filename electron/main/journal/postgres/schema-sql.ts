/**
 * Migration 1, part one: the tables of the office journal in schema `feed_desk`, the same columns
 * as the SQLite journal (timestamps as timestamptz, JSON as json so key order is kept), plus
 * `source` (where an imported row came from, unique so an import never doubles a row).
 */
export const SCHEMA_SQL = `
CREATE TABLE feed_desk.submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('entry', 'cancellation')),
  profile text NOT NULL,
  operator text NOT NULL,
  payload json NOT NULL,
  payload_hash text NOT NULL,
  reference text NOT NULL DEFAULT '',
  policy text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  postcode text NOT NULL DEFAULT '',
  original_recordid bigint,
  state text NOT NULL
    CHECK (state IN ('queued', 'sending', 'accepted', 'rejected', 'failed', 'unknown', 'discarded')),
  attempts integer NOT NULL DEFAULT 0,
  http_status integer,
  recordid bigint,
  message text,
  error_code text,
  error_fields json,
  next_attempt_at timestamptz,
  lease_owner text,
  lease_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz,
  sending_at timestamptz,
  finished_at timestamptz,
  reviewed_by text,
  reviewed_at timestamptz,
  review_note text,
  source text UNIQUE
);
CREATE INDEX submissions_created ON feed_desk.submissions (created_at);
CREATE INDEX submissions_state_id ON feed_desk.submissions (state, id);
CREATE INDEX submissions_operator_id ON feed_desk.submissions (operator, id);
CREATE INDEX submissions_profile_id ON feed_desk.submissions (profile, id);
CREATE INDEX submissions_hash ON feed_desk.submissions (profile, payload_hash);
CREATE INDEX submissions_refpol ON feed_desk.submissions (profile, reference, policy);
CREATE INDEX submissions_recordid ON feed_desk.submissions (recordid);
CREATE INDEX submissions_original ON feed_desk.submissions (original_recordid);
CREATE INDEX submissions_reference ON feed_desk.submissions (reference, id);
CREATE INDEX submissions_due ON feed_desk.submissions (id) WHERE state IN ('queued', 'failed');
CREATE INDEX submissions_retry ON feed_desk.submissions (next_attempt_at) WHERE state = 'failed';
CREATE INDEX submissions_leases ON feed_desk.submissions (lease_expires_at) WHERE state = 'sending';

CREATE TABLE feed_desk.history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  submission_id bigint NOT NULL REFERENCES feed_desk.submissions (id),
  from_state text,
  to_state text NOT NULL,
  actor text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  note text
);
CREATE INDEX history_submission ON feed_desk.history (submission_id, id);

-- One draft per database user and screen: desks and clerks never share a half-typed form.
CREATE TABLE feed_desk.drafts (
  db_user text NOT NULL DEFAULT session_user,
  screen text NOT NULL,
  profile text NOT NULL,
  payload json NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (db_user, screen)
);
ALTER TABLE feed_desk.drafts ENABLE ROW LEVEL SECURITY;
CREATE POLICY drafts_own ON feed_desk.drafts
  USING (db_user = session_user) WITH CHECK (db_user = session_user);

CREATE TABLE feed_desk.paused_profiles (
  profile text PRIMARY KEY,
  paused_by text NOT NULL,
  paused_at timestamptz NOT NULL DEFAULT now()
);

`;
