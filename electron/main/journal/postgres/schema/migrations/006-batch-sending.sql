-- Migration 6 of the office journal (schema 5 to 6), as it shipped.
-- Batched claims and group commit. claim_due takes up to n due rows in one call
-- (SKIP LOCKED, so two desks never wait for or take the same row), each through migration 3's
-- `take`; record_outcomes records several outcomes through record_outcome, whose checks apply to
-- each, then claims the next rows: one transaction, one round trip.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

-- The due rows are walked in id order on submissions_due and the walk stops at p_limit: with a
-- long queue (a 10,000-row batch) a plan that gathers and sorts every due row would cost each claim
-- the whole queue, and a table filling fast often has statistics too old to see it.
CREATE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_sort = off SET enable_bitmapscan = off AS $$
DECLARE
  v_row feed_desk.submissions;
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  IF p_limit IS NULL OR p_limit < 0 OR p_limit > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to 100 rows, not %s', coalesce(p_limit::text, 'none'));
  END IF;
  FOR v_row IN SELECT * FROM feed_desk.submissions s
      WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND (v_anyone OR s.operator = session_user)
      ORDER BY s.id LIMIT p_limit FOR UPDATE OF s SKIP LOCKED LOOP
    RETURN NEXT feed_desk.take(v_row, p_owner, p_ms);
  END LOOP;
END $$;

-- Each element: {"id", "owner", "state", "recordid", "code", "message", "http", "fields", "next_attempt_at"}.
CREATE FUNCTION feed_desk.record_outcomes(p_outcomes json, p_next_owner text, p_next_ms integer,
  p_entries text[], p_cancellations text[], p_next_limit integer)
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_item json;
  v_row feed_desk.submissions;
BEGIN
  IF json_typeof(p_outcomes) IS DISTINCT FROM 'array' OR json_array_length(p_outcomes) > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Outcomes come as an array of at most 100';
  END IF;
  FOR v_item IN SELECT value FROM json_array_elements(p_outcomes) LOOP
    SELECT (r.submission).* INTO v_row FROM feed_desk.record_outcome((v_item->>'id')::bigint, v_item->>'owner',
      v_item->>'state', (v_item->>'recordid')::bigint, v_item->>'code', v_item->>'message', (v_item->>'http')::integer,
      CASE WHEN json_typeof(v_item->'fields') = 'object' THEN v_item->'fields' END,
      (v_item->>'next_attempt_at')::timestamptz, NULL, NULL, NULL, NULL) r WHERE NOT r.is_next;
    is_next := false; submission := v_row; RETURN NEXT;
  END LOOP;
  IF p_next_owner IS NOT NULL THEN
    FOR v_row IN SELECT * FROM feed_desk.claim_due(p_next_owner, p_next_ms, p_entries, p_cancellations, p_next_limit)
    LOOP
      is_next := true; submission := v_row; RETURN NEXT;
    END LOOP;
  END IF;
END $$;
