-- Migration 15 of the office journal (schema 14 to 15), as it shipped.
-- Fencing, and the duplicate question asks about the policy.
--
-- Every claim raises the row's claim_token (a trigger on the move to `sending`, so no claim path can
-- forget it); record_outcomes settles a row only for the claim its outcome names (the current
-- record_outcomes is in functions/record_outcomes.sql). The per-row record_outcome, which names no claim, is no
-- longer granted to anyone (roles.ts).
--
-- An entry repeats another of its profile when the policy number is the same, whatever the reference
-- (a rejection is most often about the reference itself): queue, resend, the automatic retry and
-- a batch's retry ask so, and an accepted entry supersedes the rejected and failed rows of its
-- policy. The functions of migrations 1 and 11 that asked about reference and policy are replaced here.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

ALTER TABLE feed_desk.submissions ADD COLUMN claim_token integer NOT NULL DEFAULT 0;
CREATE FUNCTION feed_desk.next_claim() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.claim_token := OLD.claim_token + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER submissions_claim BEFORE UPDATE OF state ON feed_desk.submissions
  FOR EACH ROW WHEN (NEW.state = 'sending' AND OLD.state IS DISTINCT FROM 'sending')
  EXECUTE FUNCTION feed_desk.next_claim();

DROP INDEX feed_desk.submissions_refpol;
CREATE INDEX submissions_policy ON feed_desk.submissions (profile, policy) WHERE kind = 'entry';

CREATE OR REPLACE FUNCTION feed_desk.queue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_reference text := coalesce(p_payload ->> 'reference', '');
  v_policy text := coalesce(p_payload ->> 'policy', '');
  v_keys bigint[] := ARRAY[hashtextextended(p_profile || chr(31) || p_hash, 1)];
  v_key bigint;
  v_by_hash feed_desk.submissions;
  v_by_key feed_desk.submissions;
  v_row feed_desk.submissions;
BEGIN
  IF p_kind = 'entry' AND v_policy <> '' THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || v_policy, 4);
  ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || p_original::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  IF NOT coalesce(p_allow_duplicate, false) THEN
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_profile AND s.payload_hash = p_hash AND s.kind = p_kind AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
      ORDER BY s.id DESC LIMIT 1;
    IF p_kind = 'entry' AND v_policy <> '' THEN
      SELECT * INTO v_by_key FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.policy = v_policy AND s.kind = 'entry' AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
      SELECT * INTO v_by_key FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.original_recordid = p_original AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    END IF;
    IF v_by_key.id IS NOT NULL AND v_by_key.id > coalesce(v_by_hash.id, 0) THEN
      duplicate := true; submission := v_by_key; RETURN NEXT; RETURN;
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

CREATE OR REPLACE FUNCTION feed_desk.lock_twin_keys(p_row feed_desk.submissions, p_wait boolean)
RETURNS boolean LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_keys bigint[] := ARRAY[hashtextextended(p_row.profile || chr(31) || p_row.payload_hash, 1)];
  v_key bigint;
BEGIN
  IF p_row.kind = 'entry' AND p_row.policy <> '' THEN
    v_keys := v_keys || hashtextextended(p_row.profile || chr(31) || p_row.policy, 4);
  ELSIF p_row.kind = 'cancellation' AND p_row.original_recordid IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_row.profile || chr(31) || p_row.original_recordid::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    IF p_wait THEN PERFORM pg_advisory_xact_lock(v_key);
    ELSIF NOT pg_try_advisory_xact_lock(v_key) THEN RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.send_twin(p_row feed_desk.submissions)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_by_hash feed_desk.submissions;
  v_by_key feed_desk.submissions;
BEGIN
  
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.payload_hash = p_row.payload_hash
      ORDER BY s.id DESC LIMIT 1;
  IF p_row.kind = 'entry' AND p_row.policy <> '' THEN
    
    SELECT * INTO v_by_key FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.policy = p_row.policy
      ORDER BY s.id DESC LIMIT 1;
  ELSIF p_row.kind = 'cancellation' AND p_row.original_recordid IS NOT NULL THEN
    
    SELECT * INTO v_by_key FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.original_recordid = p_row.original_recordid
      ORDER BY s.id DESC LIMIT 1;
  END IF;
  IF v_by_key.id IS NOT NULL AND v_by_key.id > coalesce(v_by_hash.id, 0) THEN RETURN v_by_key; END IF;
  RETURN v_by_hash;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.supersede(p_row feed_desk.submissions, p_actor text)
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_by bigint := p_row.id;
  v_id bigint := p_row.corrects;
  v_from text;
  v_next bigint;
  v_twin record;
  v_earlier bigint;
BEGIN
  IF p_row.state IS DISTINCT FROM 'accepted' THEN RETURN; END IF;
  WHILE v_id IS NOT NULL LOOP
    SELECT state, corrects INTO v_from, v_next FROM feed_desk.submissions WHERE id = v_id FOR UPDATE;
    EXIT WHEN v_from IS NULL OR v_from NOT IN ('rejected', 'failed');
    UPDATE feed_desk.submissions SET state = 'superseded', updated_at = now(), superseded_by = v_by,
        next_attempt_at = NULL, finished_at = coalesce(finished_at, now())
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, v_from, 'superseded', p_actor, 'superseded by #' || v_by);
    v_by := v_id;
    v_id := v_next;
  END LOOP;
  IF p_row.kind <> 'entry' OR p_row.policy = '' THEN RETURN; END IF;
  FOR v_twin IN SELECT s.id, s.state FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = 'entry' AND s.policy = p_row.policy
        AND s.state IN ('rejected', 'failed') AND s.id <> p_row.id
        -- A clerk's acceptance closes only that clerk's own rows; a supervisor's, anyone's.
        AND (s.operator = session_user OR feed_desk.is_supervisor())
      ORDER BY s.id FOR UPDATE LOOP
    UPDATE feed_desk.submissions SET state = 'superseded', updated_at = now(), superseded_by = p_row.id,
        next_attempt_at = NULL, finished_at = coalesce(finished_at, now())
      WHERE id = v_twin.id;
    PERFORM feed_desk.note_history(v_twin.id, v_twin.state, 'superseded', p_actor,
      'superseded by #' || p_row.id || ' (same policy)');
    IF v_twin.id < p_row.id THEN v_earlier := v_twin.id; END IF;
  END LOOP;
  IF v_earlier IS NOT NULL AND p_row.corrects IS NULL THEN
    UPDATE feed_desk.submissions SET corrects = v_earlier, updated_at = now() WHERE id = p_row.id;
    PERFORM feed_desk.note_history(p_row.id, p_row.state, p_row.state, p_actor,
      'corrects #' || v_earlier || ' (same policy)');
  END IF;
END $$;

-- Migration 11's resend, and a row whose personal details were removed is never sent again (its
-- payload is blanked): it is refused in words.
CREATE OR REPLACE FUNCTION feed_desk.resend(p_id bigint, p_note text, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_twin feed_desk.submissions;
  v_from text;
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors resolve journal entries', session_user);
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id); END IF;
  v_from := v_row.state;
  IF v_from NOT IN ('unknown', 'failed', 'rejected', 'superseded') THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s; that action needs unknown or failed or rejected or superseded', p_id, v_from);
  END IF;
  IF v_row.personal_removed_at IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s had its personal details removed: it cannot be sent again (key it as a new entry)', p_id);
  END IF;
  IF NOT coalesce(p_allow_duplicate, false) THEN
    PERFORM feed_desk.lock_twin_keys(v_row, true);
    v_twin := feed_desk.send_twin(v_row);
    IF v_twin.id IS NOT NULL THEN duplicate := true; submission := v_twin; RETURN NEXT; RETURN; END IF;
  END IF;
  UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
      queued_at = now(), lease_owner = NULL, superseded_by = NULL
    WHERE id = p_id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(p_id, v_from, 'queued', session_user, coalesce(p_note,
    CASE WHEN p_allow_duplicate THEN 'resend (possible duplicate confirmed)' ELSE 'resend' END));
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;
