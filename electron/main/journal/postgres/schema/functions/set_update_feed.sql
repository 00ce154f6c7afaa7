-- Sets (or, with NULL, clears) the update feed every desk of the office follows. Supervisors and
-- the owner only; the address is HTTPS (plain http on the database's own computer only, to try a
-- feed out), as the desk also checks before it asks the feed for anything.
CREATE OR REPLACE FUNCTION feed_desk.set_update_feed(p_url text)
RETURNS SETOF feed_desk.update_feed LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('set the office''s update feed');
  IF p_url IS NOT NULL AND p_url !~ '^https://' AND p_url !~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?(/|$)' THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'The update feed must be served over HTTPS: an update is code every desk runs';
  END IF;
  UPDATE feed_desk.update_feed SET url = p_url, set_by = session_user, set_at = now();
  INSERT INTO feed_desk.admin_audit (action, detail) VALUES ('update feed set', coalesce(p_url, 'none'));
  RETURN QUERY SELECT * FROM feed_desk.update_feed;
END $$;
