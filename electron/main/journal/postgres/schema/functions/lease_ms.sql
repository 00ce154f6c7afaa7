CREATE OR REPLACE FUNCTION feed_desk.lease_ms(p_ms integer)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_ms IS NULL OR (p_ms < 5000 AND NOT feed_desk.is_supervisor()) THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A lease of %s ms is too short: at least 5000 ms', coalesce(p_ms::text, 'no'));
  END IF;
  RETURN least(greatest(p_ms, 1), 600000);
END $$;
