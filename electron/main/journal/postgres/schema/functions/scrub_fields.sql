-- A JSON object of texts (field errors) with the given values scrubbed.
CREATE OR REPLACE FUNCTION feed_desk.scrub_fields(p_fields json, p_values text[])
RETURNS json LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_fields IS NULL THEN RETURN NULL; END IF;
  RETURN (SELECT coalesce(json_object_agg(e.key, feed_desk.scrub(e.value, p_values)), '{}'::json)
    FROM json_each_text(p_fields) e);
END $$;
