CREATE OR REPLACE FUNCTION feed_desk.set_retention(p_days integer)
RETURNS SETOF feed_desk.retention LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('set how long personal details are kept');
  IF p_days IS NOT NULL AND p_days NOT BETWEEN 1 AND 36500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Retention is a whole number of days from 1 to 36500, or off';
  END IF;
  UPDATE feed_desk.retention SET days = p_days, set_by = session_user, set_at = now();
  INSERT INTO feed_desk.admin_audit (action, detail) VALUES ('retention set',
    CASE WHEN p_days IS NULL THEN 'personal details kept' ELSE format('personal details of settled rows removed after %s day%s', p_days,
      CASE WHEN p_days = 1 THEN '' ELSE 's' END) END);
  RETURN QUERY SELECT * FROM feed_desk.retention;
END $$;
