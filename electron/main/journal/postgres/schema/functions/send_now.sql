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
