CREATE OR REPLACE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_sort = off SET enable_bitmapscan = off SET jit = off AS $$
DECLARE v_ms integer := feed_desk.lease_ms(p_ms);
BEGIN
  
  IF p_limit IS NULL OR p_limit < 0 OR p_limit > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to 100 rows, not %s', coalesce(p_limit::text, 'none'));
  END IF;
  IF p_limit = 0 THEN RETURN; END IF;
  IF feed_desk.is_supervisor() THEN 
    RETURN QUERY WITH 
  picked AS (
    SELECT s.id, s.state FROM feed_desk.submissions s
      WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND true AND true AND (s.state <> 'failed' OR feed_desk.retry_clear(s))
      ORDER BY s.id LIMIT p_limit FOR UPDATE OF s SKIP LOCKED),
  taken AS (
    UPDATE feed_desk.submissions u SET state = 'sending', updated_at = now(), attempts = u.attempts + 1,
        sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_owner,
        lease_expires_at = now() + v_ms * interval '1 millisecond'
      FROM picked p WHERE u.id = p.id
      RETURNING u AS r, p.state AS from_state),
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor)
        SELECT (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL) FROM taken t ORDER BY (t.r).id)
    SELECT (t.r).* FROM taken t ORDER BY (t.r).id;
  ELSE 
    RETURN QUERY WITH 
  picked AS (
    SELECT s.id, s.state FROM feed_desk.submissions s
      WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND s.operator = session_user AND true AND (s.state <> 'failed' OR feed_desk.retry_clear(s))
      ORDER BY s.id LIMIT p_limit FOR UPDATE OF s SKIP LOCKED),
  taken AS (
    UPDATE feed_desk.submissions u SET state = 'sending', updated_at = now(), attempts = u.attempts + 1,
        sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_owner,
        lease_expires_at = now() + v_ms * interval '1 millisecond'
      FROM picked p WHERE u.id = p.id
      RETURNING u AS r, p.state AS from_state),
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor)
        SELECT (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL) FROM taken t ORDER BY (t.r).id)
    SELECT (t.r).* FROM taken t ORDER BY (t.r).id;
  END IF;
END $$;
