-- Migration 9's resolve without its resend (feed_desk.resend asks the duplicate question).
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
