CREATE OR REPLACE FUNCTION feed_desk.lock_twin_keys(p_row feed_desk.submissions, p_wait boolean)
RETURNS boolean LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_keys bigint[] := ARRAY[hashtextextended(p_row.profile || chr(31) || p_row.payload_hash, 1)];
  v_key bigint;
BEGIN
  IF p_row.kind = 'entry' AND p_row.policy <> '' THEN
    v_keys := v_keys || hashtextextended(p_row.profile || chr(31) || p_row.policy, 4);
  ELSIF p_row.kind = 'cancellation' AND p_row.original_recordid IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_row.profile || chr(31) || p_row.original_recordid::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    IF p_wait THEN PERFORM pg_advisory_xact_lock(v_key);
    ELSIF NOT pg_try_advisory_xact_lock(v_key) THEN RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END $$;
