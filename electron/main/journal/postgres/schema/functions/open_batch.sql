CREATE OR REPLACE FUNCTION feed_desk.open_batch(p_profile text, p_file_name text, p_hash text, p_rows integer)
RETURNS SETOF feed_desk.batches LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(length(p_profile), 0) NOT BETWEEN 1 AND 200 OR coalesce(length(p_file_name), 0) NOT BETWEEN 1 AND 255
      OR p_file_name ~ '[[:cntrl:]]' OR coalesce(length(p_hash), 0) NOT BETWEEN 1 AND 128 OR p_hash ~ '[[:cntrl:]]'
      OR p_rows IS NULL OR p_rows NOT BETWEEN 0 AND 10000000 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE =
      'Not a batch: a profile name, a file name of 1 to 255 characters, a content hash and 0 to 10,000,000 rows';
  END IF;
  INSERT INTO feed_desk.batches (profile, file_name, content_hash, file_rows)
    VALUES (p_profile, p_file_name, p_hash, p_rows) ON CONFLICT (profile, operator, content_hash) DO NOTHING;
  RETURN QUERY SELECT * FROM feed_desk.batches
    WHERE profile = p_profile AND operator = session_user AND content_hash = p_hash;
END $$;
