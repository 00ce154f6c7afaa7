CREATE OR REPLACE FUNCTION feed_desk.desk_actor(p_what text)
RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT 'system (' || session_user || '''s desk' || coalesce(', ' || p_what, '') || ')'
$$;
