-- Rows of the caller's batch left out (at most 250 at once); a row recorded before is replaced.
CREATE OR REPLACE FUNCTION feed_desk.leave_out(p_batch bigint, p_rows integer[], p_status text[], p_errors json[],
  p_duplicate_of bigint[], p_payloads json[])
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_n integer := coalesce(array_length(p_rows, 1), 0);
BEGIN
  PERFORM feed_desk.own_batch(p_batch);
  IF v_n > 250 THEN
    RAISE EXCEPTION 'at most 250 rows at once' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF coalesce(array_length(p_status, 1), 0) <> v_n OR coalesce(array_length(p_errors, 1), 0) <> v_n
      OR coalesce(array_length(p_duplicate_of, 1), 0) <> v_n OR coalesce(array_length(p_payloads, 1), 0) <> v_n THEN
    RAISE EXCEPTION 'one status, errors, duplicate and payload per row' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_rows) r WHERE r IS NULL OR r < 1 OR r > 10000000) THEN
    RAISE EXCEPTION 'file rows are 1 to 10,000,000' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  INSERT INTO feed_desk.batch_rows AS b (batch_id, file_row, status, errors, duplicate_of, payload)
    SELECT p_batch, r, s, e, d, p FROM unnest(p_rows, p_status, p_errors, p_duplicate_of, p_payloads) AS u (r, s, e, d, p)
  ON CONFLICT (batch_id, file_row) DO UPDATE SET status = excluded.status, errors = excluded.errors,
    duplicate_of = excluded.duplicate_of, payload = excluded.payload, recorded_by = session_user, recorded_at = now();
  RETURN v_n;
END $$;
