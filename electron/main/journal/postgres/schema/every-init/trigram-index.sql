-- The trigram index for the Journal's free-text search, once pg_trgm is installed (office init
-- installs it when the owner may). Without it the search still works, by a sequential scan.
DO $$
DECLARE ops text;
BEGIN
  SELECT pg_catalog.quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ops IS NOT NULL THEN
    EXECUTE pg_catalog.format('CREATE INDEX IF NOT EXISTS submissions_text ON feed_desk.submissions USING gin '
      '((reference || chr(31) || surname || chr(31) || policy || chr(31) || postcode) %1$s)', ops);
  END IF;
END $$;
