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
