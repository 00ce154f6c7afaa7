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
