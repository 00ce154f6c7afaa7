-- Migration 5 of the office journal (schema 4 to 5), as it shipped.
-- Migration: corrections. A row may name the rejected or failed row it corrects (`corrects`, set
-- by feed_desk.link_correction for the clerk's own rows, or anyone's by a supervisor). When the
-- correction is accepted — its outcome recorded, or marked accepted by a person — the row it names
-- becomes `superseded` and names it back (`superseded_by`), in that same transaction.
-- record_outcome is migration 3's with the superseding added; resolve is migration 1's likewise.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

ALTER TABLE feed_desk.submissions
  ADD COLUMN corrects bigint REFERENCES feed_desk.submissions (id),
  ADD COLUMN superseded_by bigint REFERENCES feed_desk.submissions (id);
ALTER TABLE feed_desk.submissions DROP CONSTRAINT submissions_state_check;
ALTER TABLE feed_desk.submissions ADD CONSTRAINT submissions_state_check
  CHECK (state IN ('queued', 'sending', 'accepted', 'rejected', 'failed', 'unknown', 'discarded', 'superseded'));
CREATE INDEX submissions_corrects ON feed_desk.submissions (corrects) WHERE corrects IS NOT NULL;

-- An accepted correction supersedes the row it names, if that row still waits for a person, and
-- so on down the chain (a correction refused and corrected again). Links name smaller ids: it ends.
CREATE FUNCTION feed_desk.supersede(p_row feed_desk.submissions, p_actor text)
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_by bigint := p_row.id;
  v_id bigint := p_row.corrects;
  v_from text;
  v_next bigint;
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
END $$;

-- Row p_id (newer, same kind and profile) corrects row p_corrects (rejected or failed). A clerk
-- links only rows that clerk queued. Linking the same pair again changes nothing.
CREATE FUNCTION feed_desk.link_correction(p_id bigint, p_corrects bigint)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_original feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id); END IF;
  PERFORM feed_desk.require_sender(p_id, v_row.operator);
  SELECT * INTO v_original FROM feed_desk.submissions WHERE id = p_corrects FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_corrects); END IF;
  PERFORM feed_desk.require_sender(p_corrects, v_original.operator);
  IF v_row.corrects = p_corrects THEN RETURN NEXT v_row; RETURN; END IF;
  IF v_row.corrects IS NOT NULL OR p_id <= p_corrects OR v_row.kind <> v_original.kind
      OR v_row.profile <> v_original.profile THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s cannot correct entry %s: a correction is a later %s of the same profile, correcting one entry', p_id, p_corrects, v_original.kind);
  END IF;
  IF v_original.state NOT IN ('rejected', 'failed') THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s: only a rejected or failed entry is corrected', p_corrects, v_original.state);
  END IF;
  UPDATE feed_desk.submissions SET corrects = p_corrects, updated_at = now() WHERE id = p_id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(p_id, v_row.state, v_row.state, session_user, 'corrects #' || p_corrects);
  PERFORM feed_desk.supersede(v_row, session_user);
  RETURN NEXT v_row;
END $$;

-- Migration 3's record_outcome, its checks unchanged; an accepted outcome supersedes what it corrects.
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
    PERFORM feed_desk.supersede(v_row, feed_desk.desk_actor(NULL));
  END IF;
  is_next := false; submission := v_row; RETURN NEXT;
  IF p_next_owner IS NOT NULL THEN
    SELECT * INTO v_row FROM feed_desk.claim_next(p_next_owner, p_next_ms, p_entries, p_cancellations);
    IF FOUND THEN is_next := true; submission := v_row; RETURN NEXT; END IF;
  END IF;
END $$;

-- Migration 1's resolve; marking a correction accepted supersedes what it corrects.
CREATE OR REPLACE FUNCTION feed_desk.resolve(p_id bigint, p_action text, p_recordid bigint, p_note text)
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
  PERFORM feed_desk.supersede(v_row, session_user);
  RETURN NEXT v_row;
END $$;
