-- The ids a statement added history for, announced once at commit (in parts under NOTIFY's 8,000
-- bytes); an import as the owner sets feed_desk.quiet to skip it, and a clerk cannot.
CREATE OR REPLACE FUNCTION feed_desk.announce()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp SET enable_sort = on SET jit = off AS $$
BEGIN
  IF coalesce(current_setting('feed_desk.quiet', true), '') <> 'on'
      OR NOT pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER') THEN
    PERFORM pg_notify('feed_desk_journal', string_agg(id::text, ',' ORDER BY id))
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 300 AS part
        FROM (SELECT DISTINCT submission_id AS id FROM added) d) ids GROUP BY part;
  END IF;
  RETURN NULL;
END $$;
