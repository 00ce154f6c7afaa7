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
