CREATE OR REPLACE FUNCTION feed_desk.person_rows(p_ids bigint[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_missing bigint;
BEGIN
  PERFORM feed_desk.require_supervisor('find, export and erase a person''s data');
  SELECT u INTO v_missing FROM unnest(p_ids) u WHERE NOT EXISTS (SELECT 1 FROM feed_desk.submissions s WHERE s.id = u) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', v_missing);
  END IF;
  RETURN QUERY SELECT * FROM feed_desk.submissions s WHERE s.id = ANY (p_ids) ORDER BY s.id;
END $$;
