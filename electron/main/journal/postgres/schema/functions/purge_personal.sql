-- The journal's rule (p_days NULL; nothing while it is off) or a purge on demand of rows older than p_days.
CREATE OR REPLACE FUNCTION feed_desk.purge_personal(p_days integer, p_extra text[] DEFAULT '{}')
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_days integer := p_days;
BEGIN
  PERFORM feed_desk.require_supervisor('remove personal details');
  IF p_days IS NULL THEN
    SELECT days INTO v_days FROM feed_desk.retention;
    UPDATE feed_desk.retention SET last_run = now();
    IF v_days IS NULL THEN RETURN 0; END IF;
  ELSIF p_days NOT BETWEEN 0 AND 36500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = '--older-than is a whole number of days from 0 to 36500';
  END IF;
  RETURN feed_desk.remove_personal(v_days, feed_desk.personal_extra(p_extra));
END $$;
