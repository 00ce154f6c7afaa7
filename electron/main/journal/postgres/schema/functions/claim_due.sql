-- Up to p_limit (0 to 100) due rows this database user may send, each claimed under p_owner's lease:
-- record_outcomes with no outcomes, so the claim is written once (there, with the outcomes it
-- usually travels with).
CREATE OR REPLACE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_owner IS NULL OR p_owner = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = 'A claim names the sender it is for';
  END IF;
  RETURN QUERY SELECT (q.submission).* FROM feed_desk.record_outcomes('[]', p_owner, p_ms, p_entries,
    p_cancellations, p_limit) q WHERE q.is_next;
END $$;
