-- Sets (or, with NULL, clears) the update feed every desk of the office follows. Supervisors and
-- the owner only; the address is HTTPS (plain http on the database's own computer only, to try a
-- feed out) and holds no user name or password: the same rule the desk checks before it asks the
-- feed for anything (electron/main/updates/feed-address.ts). Its scheme and host are kept in small
-- letters, as a web address reads them (and as the table's check expects).
CREATE OR REPLACE FUNCTION feed_desk.set_update_feed(p_url text)
RETURNS SETOF feed_desk.update_feed LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_url text := btrim(p_url);
  v_origin text := substring(v_url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*');
BEGIN
  PERFORM feed_desk.require_supervisor('set the office''s update feed');
  IF v_url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@' THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'The update feed''s address may not hold a user name or password: publish the feed where desks can read it';
  END IF;
  IF v_url !~* '^https://' AND v_url !~* '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?(/|$)' THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'The update feed must be served over HTTPS: an update is code every desk runs';
  END IF;
  v_url := lower(v_origin) || substring(v_url from char_length(v_origin) + 1);
  UPDATE feed_desk.update_feed SET url = v_url, set_by = session_user, set_at = now();
  INSERT INTO feed_desk.admin_audit (action, detail) VALUES ('update feed set', coalesce(v_url, 'none'));
  RETURN QUERY SELECT * FROM feed_desk.update_feed;
END $$;
