CREATE OR REPLACE FUNCTION feed_desk.set_paused(p_profile text, p_paused boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('pause or resume sending for a profile');
  IF p_paused THEN
    INSERT INTO feed_desk.paused_profiles (profile, paused_by) VALUES (p_profile, session_user)
      ON CONFLICT (profile) DO NOTHING;
  ELSE
    DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  END IF;
END $$;
