-- Migration 11 of the office journal (schema 10 to 11), as it shipped.
-- One duplicate question for every send, and an accepted entry closes its failed
-- twins. queue asks it when a row is keyed; now a person's resend (feed_desk.resend, the only way
-- to resend) and each automatic retry of a failed row (in the claim) ask it too, under queue's
-- advisory locks: a row whose send would repeat an accepted, sending, unknown or queued row of its
-- profile with the same content, or the same reference and policy (cancellations: the same
-- recordid), is held. An accepted entry supersedes the rejected and failed rows of its profile
-- with the same reference and policy, and names the latest earlier one as the row it corrects.
-- A batch's "retry failed rows" asks it of each row too (a held row stays failed, with no retry).
--
-- Part two: A batch's "retry failed rows" asks each row the duplicate question of
-- feed_desk.resend (lock_twin_keys, send_twin); a held row stays failed, with no retry, and its
-- history names the row it may repeat. Otherwise migration 2's settle_batch unchanged.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

-- queue's advisory locks for p_row's keys, in its order; without p_wait, false if another holds one.
CREATE FUNCTION feed_desk.lock_twin_keys(p_row feed_desk.submissions, p_wait boolean)
RETURNS boolean LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_keys bigint[] := ARRAY[hashtextextended(p_row.profile || chr(31) || p_row.payload_hash, 1)];
  v_key bigint;
BEGIN
  IF p_row.kind = 'entry' AND p_row.reference <> '' THEN
    v_keys := v_keys || hashtextextended(p_row.profile || chr(31) || p_row.reference || chr(31) || p_row.policy, 2);
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

-- The latest other row a send of p_row would repeat (all NULL if none). Call under lock_twin_keys.
CREATE FUNCTION feed_desk.send_twin(p_row feed_desk.submissions)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_by_hash feed_desk.submissions;
  v_by_ref feed_desk.submissions;
BEGIN
  
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.payload_hash = p_row.payload_hash
      ORDER BY s.id DESC LIMIT 1;
  IF p_row.kind = 'entry' AND p_row.reference <> '' THEN
    
    SELECT * INTO v_by_ref FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.reference = p_row.reference AND s.policy = p_row.policy
      ORDER BY s.id DESC LIMIT 1;
  ELSIF p_row.kind = 'cancellation' AND p_row.original_recordid IS NOT NULL THEN
    
    SELECT * INTO v_by_ref FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.original_recordid = p_row.original_recordid
      ORDER BY s.id DESC LIMIT 1;
  END IF;
  IF v_by_ref.id IS NOT NULL AND v_by_ref.id > coalesce(v_by_hash.id, 0) THEN RETURN v_by_ref; END IF;
  RETURN v_by_hash;
END $$;

-- A person sends a row again (supervisors). Unless p_allow_duplicate, a row whose send would repeat
-- another is held: nothing changes and that row is answered.
CREATE FUNCTION feed_desk.resend(p_id bigint, p_note text, p_allow_duplicate boolean)
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

-- Migration 5's resolve without its resend (feed_desk.resend asks the duplicate question).
CREATE OR REPLACE FUNCTION feed_desk.resolve(p_id bigint, p_action text, p_recordid bigint, p_note text)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_allowed text[] := CASE p_action WHEN 'accept' THEN ARRAY['unknown', 'failed']
    WHEN 'discard' THEN ARRAY['unknown', 'failed', 'rejected', 'queued'] END;
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors resolve journal entries', session_user);
  END IF;
  IF v_allowed IS NULL OR (p_action = 'accept' AND p_recordid IS NULL) THEN
    RAISE EXCEPTION 'not a resolution: % (a resend goes through feed_desk.resend)', p_action
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id); END IF;
  v_from := v_row.state;
  IF NOT v_from = ANY (v_allowed) THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s; that action needs %s', p_id, v_from, array_to_string(v_allowed, ' or '));
  END IF;
  IF p_action = 'accept' THEN
    UPDATE feed_desk.submissions SET state = 'accepted', updated_at = now(), recordid = p_recordid,
        finished_at = now(), next_attempt_at = NULL, message = feed_desk.marked_accepted_message(v_from, v_row.http_status, session_user, p_recordid)
      WHERE id = p_id RETURNING * INTO v_row;
  ELSE
    UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL, finished_at = now()
      WHERE id = p_id RETURNING * INTO v_row;
  END IF;
  PERFORM feed_desk.note_history(p_id, v_from, v_row.state, session_user, coalesce(p_note,
    CASE p_action WHEN 'accept' THEN 'marked accepted with recordid ' || p_recordid ELSE 'discarded' END));
  PERFORM feed_desk.supersede(v_row, session_user);
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id;
  RETURN NEXT v_row;
END $$;

-- take, but an automatic retry of a failed row asks the duplicate question first: a held row stays
-- failed with no retry (a person decides) and NULL is returned; so is a row whose keys another
-- transaction holds (skipped, never waited for).
CREATE FUNCTION feed_desk.take_guarded(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_twin feed_desk.submissions;
BEGIN
  IF p_row.state = 'failed' THEN
    IF NOT feed_desk.lock_twin_keys(p_row, false) THEN RETURN NULL; END IF;
    v_twin := feed_desk.send_twin(p_row);
    IF v_twin.id IS NOT NULL THEN
      UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now() WHERE id = p_row.id;
      PERFORM feed_desk.note_history(p_row.id, 'failed', 'failed', feed_desk.desk_actor(NULL),
        'held: possible duplicate of #' || v_twin.id);
      RETURN NULL;
    END IF;
  END IF;
  RETURN feed_desk.take(p_row, p_owner, p_ms);
END $$;

-- Migration 3's claim and claim_next, migration 6's claim_due, each through take_guarded.
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
    v_row := feed_desk.take_guarded(v_row, p_owner, p_ms);
    IF v_row.id IS NOT NULL THEN RETURN NEXT v_row; END IF;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim_next(p_owner text, p_ms integer, p_entries text[], p_cancellations text[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_taken feed_desk.submissions;
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  FOR v_row IN SELECT * FROM feed_desk.submissions s
      WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND (v_anyone OR s.operator = session_user)
      ORDER BY s.id FOR UPDATE OF s SKIP LOCKED LOOP
    v_taken := feed_desk.take_guarded(v_row, p_owner, p_ms);
    IF v_taken.id IS NOT NULL THEN RETURN NEXT v_taken; RETURN; END IF;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_sort = off SET enable_bitmapscan = off AS $$
DECLARE
  v_row feed_desk.submissions;
  v_taken feed_desk.submissions;
  v_count integer := 0;
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  IF p_limit IS NULL OR p_limit < 0 OR p_limit > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to 100 rows, not %s', coalesce(p_limit::text, 'none'));
  END IF;
  IF p_limit = 0 THEN RETURN; END IF;
  FOR v_row IN SELECT * FROM feed_desk.submissions s
      WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND (v_anyone OR s.operator = session_user)
      ORDER BY s.id FOR UPDATE OF s SKIP LOCKED LOOP
    v_taken := feed_desk.take_guarded(v_row, p_owner, p_ms);
    IF v_taken.id IS NOT NULL THEN
      RETURN NEXT v_taken;
      v_count := v_count + 1;
      EXIT WHEN v_count >= p_limit;
    END IF;
  END LOOP;
END $$;

-- Migration 5's supersede, and then the twins: an accepted entry supersedes the rejected and
-- failed rows of its profile with the same reference and policy, and corrects the latest earlier one.
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
  IF p_row.kind <> 'entry' OR p_row.reference = '' THEN RETURN; END IF;
  FOR v_twin IN SELECT s.id, s.state FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = 'entry' AND s.reference = p_row.reference
        AND s.policy = p_row.policy AND s.state IN ('rejected', 'failed') AND s.id <> p_row.id
      ORDER BY s.id FOR UPDATE LOOP
    UPDATE feed_desk.submissions SET state = 'superseded', updated_at = now(), superseded_by = p_row.id,
        next_attempt_at = NULL, finished_at = coalesce(finished_at, now())
      WHERE id = v_twin.id;
    PERFORM feed_desk.note_history(v_twin.id, v_twin.state, 'superseded', p_actor,
      'superseded by #' || p_row.id || ' (same reference and policy)');
    IF v_twin.id < p_row.id THEN v_earlier := v_twin.id; END IF;
  END LOOP;
  IF v_earlier IS NOT NULL AND p_row.corrects IS NULL THEN
    UPDATE feed_desk.submissions SET corrects = v_earlier, updated_at = now() WHERE id = p_row.id;
    PERFORM feed_desk.note_history(p_row.id, p_row.state, p_row.state, p_actor,
      'corrects #' || v_earlier || ' (same reference and policy)');
  END IF;
END $$;

-- Migration 2's settle_batch; a failed row retried asks the duplicate question first.
CREATE OR REPLACE FUNCTION feed_desk.settle_batch(p_batch bigint, p_action text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_twin feed_desk.submissions;
  v_count integer := 0;
  v_discard boolean := p_action = 'discard';
  v_supervisor boolean := feed_desk.is_supervisor();
BEGIN
  IF p_action NOT IN ('discard', 'retry') THEN
    RAISE EXCEPTION 'not a batch action: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM feed_desk.own_batch(p_batch);
  FOR v_row IN SELECT * FROM feed_desk.submissions
      WHERE batch_id = p_batch
        AND CASE WHEN v_discard THEN state = 'queued' OR (state = 'failed' AND v_supervisor)
          ELSE state = 'failed' AND (v_supervisor OR next_attempt_at IS NOT NULL) END
      ORDER BY id FOR UPDATE LOOP
    IF v_discard THEN
      UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL,
          finished_at = now() WHERE id = v_row.id;
    ELSE
      PERFORM feed_desk.lock_twin_keys(v_row, true);
      v_twin := feed_desk.send_twin(v_row);
      IF v_twin.id IS NOT NULL THEN
        UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now() WHERE id = v_row.id;
        PERFORM feed_desk.note_history(v_row.id, 'failed', 'failed', session_user,
          'held: possible duplicate of #' || v_twin.id);
        CONTINUE;
      END IF;
      UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
          queued_at = now(), lease_owner = NULL WHERE id = v_row.id;
    END IF;
    PERFORM feed_desk.note_history(v_row.id, v_row.state, CASE WHEN v_discard THEN 'discarded' ELSE 'queued' END,
      session_user, format(CASE WHEN v_discard THEN 'unsent row of batch %s discarded'
        ELSE 'failed row of batch %s retried' END, p_batch));
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
