CREATE OR REPLACE FUNCTION feed_desk.person_key(p text)
RETURNS text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT lower(regexp_replace(p, '\s+', '', 'g'))
$$;
