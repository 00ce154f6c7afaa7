CREATE OR REPLACE FUNCTION feed_desk.send_twin(p_row feed_desk.submissions)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_by_hash feed_desk.submissions;
  v_by_key feed_desk.submissions;
BEGIN
  
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.payload_hash = p_row.payload_hash
      ORDER BY s.id DESC LIMIT 1;
  IF p_row.kind = 'entry' AND p_row.policy <> '' THEN
    
    SELECT * INTO v_by_key FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.policy = p_row.policy
      ORDER BY s.id DESC LIMIT 1;
  ELSIF p_row.kind = 'cancellation' AND p_row.original_recordid IS NOT NULL THEN
    
    SELECT * INTO v_by_key FROM feed_desk.submissions s
      WHERE s.profile = p_row.profile AND s.kind = p_row.kind AND s.id <> p_row.id AND s.state IN ('accepted', 'sending', 'unknown', 'queued')
        AND s.original_recordid = p_row.original_recordid
      ORDER BY s.id DESC LIMIT 1;
  END IF;
  IF v_by_key.id IS NOT NULL AND v_by_key.id > coalesce(v_by_hash.id, 0) THEN RETURN v_by_key; END IF;
  RETURN v_by_hash;
END $$;
