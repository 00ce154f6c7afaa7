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
