-- Migration 3 of the office journal (schema 2 to 3), as it shipped.
-- A clerk's session acts only on the rows that clerk queued. Claims, lease renewals
-- and outcomes are checked against session_user (a supervisor's session may send anyone's); claim
-- takes only rows due for sending, never rows waiting for a person or paused; clerks' leases have
-- a floor; history lines a desk causes name its database user. Payloads are objects of text;
-- pausing and "send now" are for supervisors; `feed_desk.quiet` is the owner's; batches are keyed
-- per person and their arguments checked.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE FUNCTION feed_desk.desk_actor(p_what text)
RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT 'system (' || session_user || '''s desk' || coalesce(', ' || p_what, '') || ')'
$$;

CREATE FUNCTION feed_desk.require_sender(p_id bigint, p_operator text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_operator IS DISTINCT FROM session_user AND NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
      'Journal entry %s was queued by %s: a clerk sends only their own entries (a supervisor may send anyone''s)',
      p_id, p_operator);
  END IF;
END $$;

CREATE FUNCTION feed_desk.require_supervisor(p_what text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors %s', session_user, p_what);
  END IF;
END $$;

CREATE FUNCTION feed_desk.lease_ms(p_ms integer)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_ms IS NULL OR (p_ms < 5000 AND NOT feed_desk.is_supervisor()) THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A lease of %s ms is too short: at least 5000 ms', coalesce(p_ms::text, 'no'));
  END IF;
  RETURN least(greatest(p_ms, 1), 600000);
END $$;

CREATE OR REPLACE FUNCTION feed_desk.take(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  UPDATE feed_desk.submissions SET state = 'sending', updated_at = now(), attempts = p_row.attempts + 1,
      sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_owner,
      lease_expires_at = now() + feed_desk.lease_ms(p_ms) * interval '1 millisecond'
    WHERE id = p_row.id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, p_row.state, 'sending', feed_desk.desk_actor(NULL), NULL);
  RETURN v_row;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim(p_id bigint, p_owner text, p_ms integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  SELECT * INTO v_row FROM feed_desk.submissions s WHERE s.id = p_id FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM feed_desk.require_sender(p_id, v_row.operator);
  PERFORM 1 FROM feed_desk.submissions s WHERE s.id = p_id AND (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused));
  IF FOUND THEN
    RETURN NEXT feed_desk.take(v_row, p_owner, p_ms);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim_next(p_owner text, p_ms integer, p_entries text[], p_cancellations text[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  SELECT * INTO v_row FROM feed_desk.submissions s
    WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
      AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
      AND (v_anyone OR s.operator = session_user)
    ORDER BY s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED;
  IF FOUND THEN
    RETURN NEXT feed_desk.take(v_row, p_owner, p_ms);
  END IF;
END $$;

-- Only the database user who holds a row's lease settles it; a late answer is noted only for the
-- lease's user or the row's own clerk. Recording the same outcome twice (a commit whose
-- acknowledgement was lost) changes nothing.
CREATE OR REPLACE FUNCTION feed_desk.record_outcome(p_id bigint, p_owner text, p_state text, p_recordid bigint,
  p_code text, p_message text, p_http integer, p_fields json, p_next_attempt_at timestamptz,
  p_next_owner text, p_next_ms integer, p_entries text[], p_cancellations text[])
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_accepted boolean := p_state = 'accepted';
  v_mine boolean;
BEGIN
  IF p_state NOT IN ('accepted', 'rejected', 'failed', 'unknown') THEN
    RAISE EXCEPTION 'not an outcome: %', p_state USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id);
  END IF;
  IF split_part(coalesce(v_row.lease_owner, ''), chr(31), 1) <> session_user AND v_row.operator <> session_user THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
      'Journal entry %s is not being sent by %s: only the desk that sent it records its answer', p_id, session_user);
  END IF;
  v_from := v_row.state;
  v_mine := v_row.lease_owner = session_user || chr(31) || p_owner;
  IF v_mine AND v_from = p_state AND v_row.lease_expires_at IS NULL
      AND (NOT v_accepted OR v_row.recordid = p_recordid) THEN
    NULL; -- recorded already
  ELSIF NOT v_mine OR v_from NOT IN ('sending', 'unknown') THEN
    PERFORM feed_desk.note_history(p_id, v_from, v_from, feed_desk.desk_actor('late answer'),
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
      feed_desk.desk_actor(CASE WHEN v_from = 'sending' THEN NULL ELSE 'late answer' END), NULL);
  END IF;
  is_next := false; submission := v_row; RETURN NEXT;
  IF p_next_owner IS NOT NULL THEN
    SELECT * INTO v_row FROM feed_desk.claim_next(p_next_owner, p_next_ms, p_entries, p_cancellations);
    IF FOUND THEN is_next := true; submission := v_row; RETURN NEXT; END IF;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.renew_leases(p_owner text, p_ms integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_ms integer := feed_desk.lease_ms(p_ms);
BEGIN
  UPDATE feed_desk.submissions SET lease_expires_at = now() + v_ms * interval '1 millisecond'
    WHERE state = 'sending' AND lease_owner = session_user || chr(31) || p_owner;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.expire_leases()
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    UPDATE feed_desk.submissions SET state = 'unknown', updated_at = now(), error_code = 'unknown',
        message = 'Interrupted while sending: the service may or may not have stored it'
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'unknown', feed_desk.desk_actor('lease expired'), NULL);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.retry_waiting(p_profile text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_count integer;
BEGIN
  WITH due AS (
    UPDATE feed_desk.submissions SET updated_at = now(), next_attempt_at = now()
      WHERE profile = p_profile AND state = 'failed' AND error_code IN ('credentials', 'keychain')
        AND (operator = session_user OR feed_desk.is_supervisor())
      RETURNING id
  ) INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
    SELECT id, 'failed', 'failed', feed_desk.desk_actor(NULL), 'credentials changed' FROM due ORDER BY id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.set_paused(p_profile text, p_paused boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('pause or resume sending for a profile');
  IF p_paused THEN
    INSERT INTO feed_desk.paused_profiles (profile, paused_by) VALUES (p_profile, session_user)
      ON CONFLICT (profile) DO NOTHING;
  ELSE
    DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.send_now(p_profile text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_count integer; v_queued integer;
BEGIN
  PERFORM feed_desk.require_supervisor('send a profile''s entries now');
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

-- Live screens may be kept quiet only by the owner's maintenance (an import), never by a clerk.
CREATE OR REPLACE FUNCTION feed_desk.announce()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(current_setting('feed_desk.quiet', true), '') <> 'on'
      OR NOT pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER') THEN
    PERFORM pg_notify('feed_desk_journal', NEW.submission_id::text);
  END IF;
  RETURN NULL;
END $$;

-- After a dropped connection: rows claimed under this user's sender id that the desk never got
-- back (the claim committed, its answer was lost) were never sent, so they are queued again.
CREATE FUNCTION feed_desk.release_unsent(p_owner text, p_keep bigint[])
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND lease_owner = session_user || chr(31) || p_owner
        AND NOT id = ANY (coalesce(p_keep, '{}'::bigint[]))
      ORDER BY id FOR UPDATE LOOP
    UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), attempts = greatest(attempts - 1, 0),
        lease_expires_at = NULL, sending_at = NULL
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'queued', feed_desk.desk_actor(NULL),
      'claimed as the journal connection dropped, never sent: queued again');
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

CREATE FUNCTION feed_desk.is_text_object(p json)
RETURNS boolean LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT json_typeof(p) = 'object' AND NOT EXISTS (SELECT 1 FROM json_each(p) e WHERE json_typeof(e.value) <> 'string')
$$;
ALTER TABLE feed_desk.submissions ADD CONSTRAINT submissions_payload_text
  CHECK (feed_desk.is_text_object(payload)) NOT VALID;

ALTER TABLE feed_desk.batches DROP CONSTRAINT batches_profile_content_hash_key;
ALTER TABLE feed_desk.batches ADD CONSTRAINT batches_per_person UNIQUE (profile, operator, content_hash);

CREATE OR REPLACE FUNCTION feed_desk.open_batch(p_profile text, p_file_name text, p_hash text, p_rows integer)
RETURNS SETOF feed_desk.batches LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(length(p_profile), 0) NOT BETWEEN 1 AND 200 OR coalesce(length(p_file_name), 0) NOT BETWEEN 1 AND 255
      OR p_file_name ~ '[[:cntrl:]]' OR coalesce(length(p_hash), 0) NOT BETWEEN 1 AND 128 OR p_hash ~ '[[:cntrl:]]'
      OR p_rows IS NULL OR p_rows NOT BETWEEN 0 AND 10000000 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE =
      'Not a batch: a profile name, a file name of 1 to 255 characters, a content hash and 0 to 10,000,000 rows';
  END IF;
  INSERT INTO feed_desk.batches (profile, file_name, content_hash, file_rows)
    VALUES (p_profile, p_file_name, p_hash, p_rows) ON CONFLICT (profile, operator, content_hash) DO NOTHING;
  RETURN QUERY SELECT * FROM feed_desk.batches
    WHERE profile = p_profile AND operator = session_user AND content_hash = p_hash;
END $$;
