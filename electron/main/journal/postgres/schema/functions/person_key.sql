-- How a person's details are compared: lower case, no white space. Inlined where it is called (it sets
-- no search_path, so it names its functions in full), so the indexes of migration 16 serve a search.
CREATE OR REPLACE FUNCTION feed_desk.person_key(p text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pg_catalog.lower(pg_catalog.regexp_replace(p, '\s+', '', 'g'))
$$;
