CREATE OR REPLACE FUNCTION feed_desk.is_text_object(p json)
RETURNS boolean LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT json_typeof(p) = 'object' AND NOT EXISTS (SELECT 1 FROM json_each(p) e WHERE json_typeof(e.value) <> 'string')
$$;
