CREATE OR REPLACE FUNCTION feed_desk.unclaim(p_owner text, p_ids bigint[])
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_count integer;
BEGIN
  WITH moved AS (
    UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), attempts = greatest(attempts - 1, 0),
        lease_expires_at = NULL, sending_at = NULL
      WHERE id = ANY (coalesce(p_ids, '{}'::bigint[])) AND state = 'sending'
        AND lease_owner = session_user || chr(31) || p_owner
      RETURNING id
  ), noted AS (
    INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
      SELECT id, 'sending', 'queued', feed_desk.desk_actor(NULL), 'claimed ahead, never sent: queued again' FROM moved
      RETURNING 1
  )
  SELECT count(*) INTO v_count FROM noted;
  RETURN v_count;
END $$;
