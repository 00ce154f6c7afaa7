CREATE OR REPLACE FUNCTION feed_desk.require_supervisor(p_what text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors %s', session_user, p_what);
  END IF;
END $$;
