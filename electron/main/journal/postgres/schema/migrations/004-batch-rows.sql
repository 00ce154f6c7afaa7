-- Migration 4 of the office journal (schema 3 to 4), as it shipped.
-- Every row of a batch's file is accounted for. The rows not queued (invalid, duplicates,
-- skipped) are kept with the batch, with their errors, the entry they repeat and their values.
-- Clerks record them only through feed_desk.leave_out, for their own batches (a supervisor for any).
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE TABLE feed_desk.batch_rows (
  batch_id bigint NOT NULL REFERENCES feed_desk.batches (id),
  file_row integer NOT NULL,
  status text NOT NULL CHECK (status IN ('invalid', 'duplicate', 'skipped')),
  errors json CHECK (errors IS NULL OR feed_desk.is_text_object(errors)),
  duplicate_of bigint REFERENCES feed_desk.submissions (id),
  payload json NOT NULL CHECK (feed_desk.is_text_object(payload)),
  recorded_by text NOT NULL DEFAULT session_user,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (batch_id, file_row)
);

-- Rows of the caller's batch left out (at most 250 at once); a row recorded before is replaced.
CREATE FUNCTION feed_desk.leave_out(p_batch bigint, p_rows integer[], p_status text[], p_errors json[],
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
