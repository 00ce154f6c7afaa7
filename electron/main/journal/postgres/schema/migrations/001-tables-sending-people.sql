-- Migration 1 of the office journal (schema 0 to 1), as it shipped.
-- Part one: The tables of the office journal in schema `feed_desk`, the same columns
-- as the SQLite journal (timestamps as timestamptz, JSON as json so key order is kept), plus
-- `source` (where an imported row came from, unique so an import never doubles a row).
--
-- Part two: Queueing and sending. Clerks hold no write privilege on the tables; they
-- change rows only through these SECURITY DEFINER functions, each one transaction with its history
-- entry. The database names who did it (session_user), never the client.
--
-- Part three: What people do. Resolving an unknown is for supervisors only (the
-- function checks, and clerks are not granted EXECUTE); marking reviewed is a column privilege of
-- supervisors, stamped with session_user and now() by a trigger whatever the client wrote. Every
-- history row announces its submission on feed_desk_journal at commit.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

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


CREATE FUNCTION feed_desk.note_history(p_id bigint, p_from text, p_to text, p_actor text, p_note text)
RETURNS void LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
  VALUES (p_id, p_from, p_to, p_actor, p_note)
$$;

-- The duplicate check and the insert, in one transaction that two desks cannot both pass:
-- transaction-scoped advisory locks on (profile, content hash) and (profile, reference, policy),
-- taken in a fixed order, serialise exactly the submissions that could repeat each other.
CREATE FUNCTION feed_desk.queue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_reference text := coalesce(p_payload ->> 'reference', '');
  v_policy text := coalesce(p_payload ->> 'policy', '');
  v_keys bigint[] := ARRAY[hashtextextended(p_profile || chr(31) || p_hash, 1)];
  v_key bigint;
  v_by_hash feed_desk.submissions;
  v_by_ref feed_desk.submissions;
  v_row feed_desk.submissions;
BEGIN
  IF p_kind = 'entry' AND v_reference <> '' THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || v_reference || chr(31) || v_policy, 2);
  ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || p_original::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  IF NOT p_allow_duplicate THEN
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_profile AND s.payload_hash = p_hash AND s.kind = p_kind
        AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
      ORDER BY s.id DESC LIMIT 1;
    IF p_kind = 'entry' AND v_reference <> '' THEN
      SELECT * INTO v_by_ref FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.reference = v_reference AND s.policy = v_policy AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
      SELECT * INTO v_by_ref FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.original_recordid = p_original AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    END IF;
    IF v_by_ref.id IS NOT NULL AND v_by_ref.id > coalesce(v_by_hash.id, 0) THEN
      duplicate := true; submission := v_by_ref; RETURN NEXT; RETURN;
    ELSIF v_by_hash.id IS NOT NULL THEN
      duplicate := true; submission := v_by_hash; RETURN NEXT; RETURN;
    END IF;
  END IF;
  INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy,
      surname, postcode, original_recordid, state, queued_at)
    VALUES (p_kind, p_profile, session_user, p_payload, p_hash, v_reference, v_policy,
      coalesce(p_payload ->> 'surname', ''), coalesce(p_payload ->> 'postcode', ''), p_original, 'queued', now())
    RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, NULL, 'queued', session_user, NULL);
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;

-- Moves a locked queued or failed row to sending under a lease timed by the database's clock.
CREATE FUNCTION feed_desk.take(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  UPDATE feed_desk.submissions SET state = 'sending', updated_at = now(), attempts = p_row.attempts + 1,
      sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_owner,
      lease_expires_at = now() + least(greatest(p_ms, 1), 600000) * interval '1 millisecond'
    WHERE id = p_row.id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, p_row.state, 'sending', 'system', NULL);
  RETURN v_row;
END $$;

CREATE FUNCTION feed_desk.claim(p_id bigint, p_owner text, p_ms integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF FOUND AND v_row.state IN ('queued', 'failed') THEN
    v_row := feed_desk.take(v_row, p_owner, p_ms);
    RETURN NEXT v_row;
  END IF;
END $$;

-- The next due row of a sendable, unpaused profile; rows another desk holds are skipped, never waited for.
CREATE FUNCTION feed_desk.claim_next(p_owner text, p_ms integer, p_entries text[], p_cancellations text[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions s
    WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
    ORDER BY s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED;
  IF FOUND THEN
    v_row := feed_desk.take(v_row, p_owner, p_ms);
    RETURN NEXT v_row;
  END IF;
END $$;

-- A send's outcome; an answer for a row no longer this sender's settles an unknown no person acted
-- on, else is kept in the history. With p_next_owner, claims the next due row in the same transaction.
CREATE FUNCTION feed_desk.record_outcome(p_id bigint, p_owner text, p_state text, p_recordid bigint,
  p_code text, p_message text, p_http integer, p_fields json, p_next_attempt_at timestamptz,
  p_next_owner text, p_next_ms integer, p_entries text[], p_cancellations text[])
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_accepted boolean := p_state = 'accepted';
BEGIN
  IF p_state NOT IN ('accepted', 'rejected', 'failed', 'unknown') THEN
    RAISE EXCEPTION 'not an outcome: %', p_state USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id);
  END IF;
  v_from := v_row.state;
  IF v_row.lease_owner IS DISTINCT FROM session_user || chr(31) || p_owner OR v_from NOT IN ('sending', 'unknown') THEN
    PERFORM feed_desk.note_history(p_id, v_from, v_from, 'system (late answer)',
      'An earlier send finally answered: ' || CASE WHEN v_accepted THEN 'accepted with recordid ' || p_recordid
        ELSE p_state || ': ' || coalesce(p_message, '') END);
  ELSE
    UPDATE feed_desk.submissions SET state = p_state, updated_at = now(), lease_expires_at = NULL,
        finished_at = CASE WHEN p_state = 'failed' THEN NULL ELSE now() END,
        http_status = p_http, message = p_message,
        recordid = CASE WHEN v_accepted THEN p_recordid ELSE recordid END,
        error_code = CASE WHEN v_accepted THEN NULL ELSE p_code END,
        error_fields = CASE WHEN v_accepted THEN NULL ELSE p_fields END,
        next_attempt_at = CASE WHEN v_accepted THEN next_attempt_at ELSE p_next_attempt_at END
      WHERE id = p_id RETURNING * INTO v_row;
    PERFORM feed_desk.note_history(p_id, v_from, p_state,
      CASE WHEN v_from = 'sending' THEN 'system' ELSE 'system (late answer)' END, NULL);
  END IF;
  is_next := false; submission := v_row; RETURN NEXT;
  IF p_next_owner IS NOT NULL THEN
    SELECT * INTO v_row FROM feed_desk.claim_next(p_next_owner, p_next_ms, p_entries, p_cancellations);
    IF FOUND THEN is_next := true; submission := v_row; RETURN NEXT; END IF;
  END IF;
END $$;

CREATE FUNCTION feed_desk.renew_leases(p_owner text, p_ms integer)
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  UPDATE feed_desk.submissions SET lease_expires_at = now() + least(greatest(p_ms, 1), 600000) * interval '1 millisecond'
    WHERE state = 'sending' AND lease_owner = session_user || chr(31) || p_owner
$$;

-- Rows in sending whose lease ran out become unknown, whichever desk notices; rows being
-- settled right now by their sender are skipped.
CREATE FUNCTION feed_desk.expire_leases()
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    UPDATE feed_desk.submissions SET state = 'unknown', updated_at = now(), error_code = 'unknown',
        message = 'Interrupted while sending: the service may or may not have stored it'
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'unknown', 'system (lease expired)', NULL);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

CREATE FUNCTION feed_desk.is_supervisor()
RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT pg_has_role(session_user, 'feed_desk_supervisor', 'MEMBER')
    OR pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER')
$$;

-- A person resolves a row: 'resend', 'accept' (with the recordid the service gave) or 'discard'.
CREATE FUNCTION feed_desk.resolve(p_id bigint, p_action text, p_recordid bigint, p_note text)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_allowed text[] := CASE p_action WHEN 'resend' THEN ARRAY['unknown', 'failed', 'rejected']
    WHEN 'accept' THEN ARRAY['unknown', 'failed'] WHEN 'discard' THEN ARRAY['unknown', 'failed', 'rejected', 'queued'] END;
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors resolve journal entries', session_user);
  END IF;
  IF v_allowed IS NULL OR (p_action = 'accept' AND p_recordid IS NULL) THEN
    RAISE EXCEPTION 'not a resolution: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id);
  END IF;
  v_from := v_row.state;
  IF NOT v_from = ANY (v_allowed) THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE =
      format('Journal entry %s is %s; that action needs %s', p_id, v_from, array_to_string(v_allowed, ' or '));
  END IF;
  IF p_action = 'resend' THEN
    UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
        queued_at = now(), lease_owner = NULL
      WHERE id = p_id RETURNING * INTO v_row;
  ELSIF p_action = 'accept' THEN
    UPDATE feed_desk.submissions SET state = 'accepted', updated_at = now(), recordid = p_recordid,
        finished_at = now(), next_attempt_at = NULL, message = 'Marked accepted by ' || session_user, http_status = NULL
      WHERE id = p_id RETURNING * INTO v_row;
  ELSE
    UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL, finished_at = now()
      WHERE id = p_id RETURNING * INTO v_row;
  END IF;
  PERFORM feed_desk.note_history(p_id, v_from, v_row.state, session_user, coalesce(p_note,
    CASE p_action WHEN 'resend' THEN 'resend' WHEN 'accept' THEN 'marked accepted with recordid ' || p_recordid
      ELSE 'discarded' END));
  RETURN NEXT v_row;
END $$;

-- Whoever updates a review column (a supervisor: only they hold that column privilege), the
-- database records who and when.
CREATE FUNCTION feed_desk.stamp_review()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.reviewed_by := session_user;
  NEW.reviewed_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER submissions_stamp_review BEFORE UPDATE OF reviewed_by, reviewed_at, review_note
  ON feed_desk.submissions FOR EACH ROW EXECUTE FUNCTION feed_desk.stamp_review();

CREATE FUNCTION feed_desk.log_review()
RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.note_history(NEW.id, NEW.state, NEW.state, session_user,
    CASE WHEN coalesce(NEW.review_note, '') = '' THEN 'reviewed' ELSE 'reviewed: ' || NEW.review_note END);
  RETURN NULL;
END $$;
CREATE TRIGGER submissions_log_review AFTER UPDATE OF reviewed_by, reviewed_at, review_note
  ON feed_desk.submissions FOR EACH ROW EXECUTE FUNCTION feed_desk.log_review();

-- Each history row announces its submission at commit (an import sets feed_desk.quiet to skip it).
CREATE FUNCTION feed_desk.announce()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(current_setting('feed_desk.quiet', true), '') <> 'on' THEN
    PERFORM pg_notify('feed_desk_journal', NEW.submission_id::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER history_announce AFTER INSERT ON feed_desk.history
  FOR EACH ROW EXECUTE FUNCTION feed_desk.announce();

CREATE FUNCTION feed_desk.retry_waiting(p_profile text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_count integer;
BEGIN
  WITH due AS (
    UPDATE feed_desk.submissions SET updated_at = now(), next_attempt_at = now()
      WHERE profile = p_profile AND state = 'failed' AND error_code IN ('credentials', 'keychain')
      RETURNING id
  ) INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
    SELECT id, 'failed', 'failed', 'system', 'credentials changed' FROM due ORDER BY id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;

CREATE FUNCTION feed_desk.set_paused(p_profile text, p_paused boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_paused THEN
    INSERT INTO feed_desk.paused_profiles (profile, paused_by) VALUES (p_profile, session_user)
      ON CONFLICT (profile) DO NOTHING;
  ELSE
    DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  END IF;
END $$;

CREATE FUNCTION feed_desk.send_now(p_profile text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_count integer; v_queued integer;
BEGIN
  DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  WITH due AS (
    UPDATE feed_desk.submissions SET updated_at = now(), next_attempt_at = now()
      WHERE profile = p_profile AND state = 'failed' AND next_attempt_at IS NOT NULL
      RETURNING id
  ) INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
    SELECT id, 'failed', 'failed', session_user, 'send now' FROM due ORDER BY id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  SELECT count(*) INTO v_queued FROM feed_desk.submissions WHERE profile = p_profile AND state = 'queued';
  RETURN v_count + v_queued;
END $$;

-- Profiles are each desk's own: a rename carries along only the rows and drafts of the user who
-- renamed it (other desks keep theirs under the name they know), each row with a history entry.
CREATE FUNCTION feed_desk.rename_profile(p_from text, p_to text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  FOR v_row IN UPDATE feed_desk.submissions SET profile = p_to, updated_at = now()
      WHERE profile = p_from AND operator = session_user RETURNING * LOOP
    PERFORM feed_desk.note_history(v_row.id, v_row.state, v_row.state, session_user,
      format('profile renamed from %s to %s', p_from, p_to));
  END LOOP;
  UPDATE feed_desk.drafts SET profile = p_to WHERE profile = p_from AND db_user = session_user;
END $$;
