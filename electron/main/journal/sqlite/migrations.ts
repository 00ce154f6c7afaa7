/** Numbered schema migrations; index i brings user_version i to i + 1. Never edit a shipped one. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('entry', 'cancellation')),
    profile TEXT NOT NULL,
    operator TEXT NOT NULL,
    payload TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    policy TEXT NOT NULL DEFAULT '',
    surname TEXT NOT NULL DEFAULT '',
    postcode TEXT NOT NULL DEFAULT '',
    original_recordid INTEGER,
    state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'accepted', 'rejected', 'failed', 'unknown', 'discarded')),
    attempts INTEGER NOT NULL DEFAULT 0,
    http_status INTEGER,
    recordid INTEGER,
    message TEXT,
    error_code TEXT,
    error_fields TEXT,
    next_attempt_at TEXT,
    sender_pid INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    queued_at TEXT,
    sending_at TEXT,
    finished_at TEXT,
    reviewed_by TEXT,
    reviewed_at TEXT,
    review_note TEXT
  );
  CREATE INDEX submissions_created ON submissions (created_at);
  CREATE INDEX submissions_state ON submissions (state, next_attempt_at);
  CREATE INDEX submissions_profile ON submissions (profile, created_at);
  CREATE INDEX submissions_operator ON submissions (operator, created_at);
  CREATE INDEX submissions_hash ON submissions (profile, payload_hash);
  CREATE INDEX submissions_refpol ON submissions (profile, reference, policy);
  CREATE INDEX submissions_recordid ON submissions (recordid);
  CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES submissions (id),
    from_state TEXT,
    to_state TEXT NOT NULL,
    actor TEXT NOT NULL,
    at TEXT NOT NULL,
    note TEXT
  );
  CREATE INDEX history_submission ON history (submission_id, id);
  CREATE TABLE drafts (
    screen TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    payload TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
  // 2: filters of the review list walk their index in id order instead of sorting every match.
  `
  CREATE INDEX submissions_state_id ON submissions (state, id);
  CREATE INDEX submissions_operator_id ON submissions (operator, id);
  CREATE INDEX submissions_profile_id ON submissions (profile, id);
  DROP INDEX submissions_operator;
  `,
  // 3: free-text search over reference, surname, policy and postcode through a trigram index.
  `
  CREATE VIRTUAL TABLE submissions_fts USING fts5(
    reference, surname, policy, postcode, content = 'submissions', content_rowid = 'id', tokenize = 'trigram'
  );
  INSERT INTO submissions_fts (submissions_fts) VALUES ('rebuild');
  CREATE TRIGGER submissions_fts_insert AFTER INSERT ON submissions BEGIN
    INSERT INTO submissions_fts (rowid, reference, surname, policy, postcode)
    VALUES (new.id, new.reference, new.surname, new.policy, new.postcode);
  END;
  CREATE TRIGGER submissions_fts_delete AFTER DELETE ON submissions BEGIN
    INSERT INTO submissions_fts (submissions_fts, rowid, reference, surname, policy, postcode)
    VALUES ('delete', old.id, old.reference, old.surname, old.policy, old.postcode);
  END;
  `,
  // 4: a row in `sending` carries a lease (sender id, expiry) instead of the sender's process id.
  `
  ALTER TABLE submissions ADD COLUMN lease_owner TEXT;
  ALTER TABLE submissions ADD COLUMN lease_expires_at TEXT;
  ALTER TABLE submissions DROP COLUMN sender_pid;
  `,
  // 5: a profile's sending can be paused for every sender of this journal (app, CLI), until resumed;
  // cancellations are found by the recordid of their original entry; the list sorts by reference
  // through an index.
  `
  CREATE TABLE paused_profiles (
    profile TEXT PRIMARY KEY,
    paused_by TEXT NOT NULL,
    paused_at TEXT NOT NULL
  );
  CREATE INDEX submissions_original ON submissions (original_recordid);
  CREATE INDEX submissions_reference_id ON submissions (reference, id);
  `,
  // 6: bulk imports. A batch is one file's rows for one profile (found again by the file's content
  // hash); each of its rows remembers its row number in the file, once.
  `
  CREATE TABLE batches (
    id INTEGER PRIMARY KEY,
    profile TEXT NOT NULL,
    file_name TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    operator TEXT NOT NULL,
    created_at TEXT NOT NULL,
    file_rows INTEGER NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    UNIQUE (profile, content_hash)
  );
  ALTER TABLE submissions ADD COLUMN batch_id INTEGER REFERENCES batches (id);
  ALTER TABLE submissions ADD COLUMN batch_row INTEGER;
  CREATE UNIQUE INDEX submissions_batch_row ON submissions (batch_id, batch_row) WHERE batch_id IS NOT NULL;
  `,
  // 7: every row of a batch's file is accounted for: the rows not queued (invalid, duplicates, skipped)
  // are kept with the batch, with their errors, the entry they repeat and their values.
  `
  CREATE TABLE batch_rows (
    batch_id INTEGER NOT NULL REFERENCES batches (id),
    file_row INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('invalid', 'duplicate', 'skipped')),
    errors TEXT,
    duplicate_of INTEGER REFERENCES submissions (id),
    payload TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (batch_id, file_row)
  );
  `,
  // 8: corrections. A row may name the rejected or failed row it corrects; once it is accepted, that
  // row becomes superseded (and names it back). The state CHECK lives in CREATE TABLE, so the
  // table is rebuilt the SQLite way (new table, copy, drop, rename) with every index and trigger;
  // openDatabase runs migrations with foreign keys off and checks them before each commit.
  `
  CREATE TABLE submissions_new (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('entry', 'cancellation')),
    profile TEXT NOT NULL,
    operator TEXT NOT NULL,
    payload TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    policy TEXT NOT NULL DEFAULT '',
    surname TEXT NOT NULL DEFAULT '',
    postcode TEXT NOT NULL DEFAULT '',
    original_recordid INTEGER,
    state TEXT NOT NULL CHECK (state IN
      ('queued', 'sending', 'accepted', 'rejected', 'failed', 'unknown', 'discarded', 'superseded')),
    attempts INTEGER NOT NULL DEFAULT 0,
    http_status INTEGER,
    recordid INTEGER,
    message TEXT,
    error_code TEXT,
    error_fields TEXT,
    next_attempt_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    queued_at TEXT,
    sending_at TEXT,
    finished_at TEXT,
    reviewed_by TEXT,
    reviewed_at TEXT,
    review_note TEXT,
    lease_owner TEXT,
    lease_expires_at TEXT,
    batch_id INTEGER REFERENCES batches (id),
    batch_row INTEGER,
    corrects INTEGER REFERENCES submissions (id),
    superseded_by INTEGER REFERENCES submissions (id)
  );
  INSERT INTO submissions_new (id, kind, profile, operator, payload, payload_hash, reference, policy, surname,
      postcode, original_recordid, state, attempts, http_status, recordid, message, error_code, error_fields,
      next_attempt_at, created_at, updated_at, queued_at, sending_at, finished_at, reviewed_by, reviewed_at,
      review_note, lease_owner, lease_expires_at, batch_id, batch_row)
    SELECT id, kind, profile, operator, payload, payload_hash, reference, policy, surname,
      postcode, original_recordid, state, attempts, http_status, recordid, message, error_code, error_fields,
      next_attempt_at, created_at, updated_at, queued_at, sending_at, finished_at, reviewed_by, reviewed_at,
      review_note, lease_owner, lease_expires_at, batch_id, batch_row
    FROM submissions;
  DROP TABLE submissions;
  ALTER TABLE submissions_new RENAME TO submissions;
  CREATE INDEX submissions_created ON submissions (created_at);
  CREATE INDEX submissions_state ON submissions (state, next_attempt_at);
  CREATE INDEX submissions_profile ON submissions (profile, created_at);
  CREATE INDEX submissions_hash ON submissions (profile, payload_hash);
  CREATE INDEX submissions_refpol ON submissions (profile, reference, policy);
  CREATE INDEX submissions_recordid ON submissions (recordid);
  CREATE INDEX submissions_state_id ON submissions (state, id);
  CREATE INDEX submissions_operator_id ON submissions (operator, id);
  CREATE INDEX submissions_profile_id ON submissions (profile, id);
  CREATE INDEX submissions_original ON submissions (original_recordid);
  CREATE INDEX submissions_reference_id ON submissions (reference, id);
  CREATE UNIQUE INDEX submissions_batch_row ON submissions (batch_id, batch_row) WHERE batch_id IS NOT NULL;
  CREATE INDEX submissions_corrects ON submissions (corrects) WHERE corrects IS NOT NULL;
  CREATE TRIGGER submissions_fts_insert AFTER INSERT ON submissions BEGIN
    INSERT INTO submissions_fts (rowid, reference, surname, policy, postcode)
    VALUES (new.id, new.reference, new.surname, new.policy, new.postcode);
  END;
  CREATE TRIGGER submissions_fts_delete AFTER DELETE ON submissions BEGIN
    INSERT INTO submissions_fts (submissions_fts, rowid, reference, surname, policy, postcode)
    VALUES ('delete', old.id, old.reference, old.surname, old.policy, old.postcode);
  END;
  `,
  // 9: customer data. How long personal details of settled rows are kept (one row; days null = kept),
  // and when a row lost them; a partial index finds the rows that still have them.
  `
  CREATE TABLE retention (
    only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
    days INTEGER CHECK (days IS NULL OR days BETWEEN 1 AND 36500),
    set_by TEXT,
    set_at TEXT,
    last_run TEXT
  );
  INSERT INTO retention (only_row) VALUES (1);
  ALTER TABLE submissions ADD COLUMN personal_removed_at TEXT;
  CREATE INDEX submissions_personal_kept ON submissions (created_at) WHERE personal_removed_at IS NULL;
  `,
  // 10: a draft keeps the rejected or failed row it corrects, so the link survives a restart.
  `
  ALTER TABLE drafts ADD COLUMN corrects INTEGER;
  `,
  // 11: a row's revision, raised by every change: two copies of a row compare by it, never by guessing.
  `
  ALTER TABLE submissions ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
  `,
  // 12: fencing. Every claim raises claim_token; an outcome names the claim it answers, and only that
  // claim's outcome settles the row. The duplicate question asks about the policy (an index on it).
  `
  ALTER TABLE submissions ADD COLUMN claim_token INTEGER NOT NULL DEFAULT 0;
  DROP INDEX submissions_refpol;
  CREATE INDEX submissions_policy ON submissions (profile, policy);
  `,
];
