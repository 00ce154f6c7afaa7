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
