CREATE OR REPLACE FUNCTION feed_desk.is_supervisor()
RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT pg_has_role(session_user, 'feed_desk_supervisor', 'MEMBER')
    OR pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER')
$$;
