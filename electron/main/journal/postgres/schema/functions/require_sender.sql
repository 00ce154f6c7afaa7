CREATE OR REPLACE FUNCTION feed_desk.require_sender(p_id bigint, p_operator text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_operator IS DISTINCT FROM session_user AND NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
      'Journal entry %s was queued by %s: a clerk sends only their own entries (a supervisor may send anyone''s)',
      p_id, p_operator);
  END IF;
END $$;
