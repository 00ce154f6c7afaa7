-- Migration 12 of the office journal (schema 11 to 12), as it shipped.
-- Rows claimed ahead of their send (a sender's spares) that never left go back to
-- queued on pause, cancel or close: only the rows named, only while still sending under the
-- caller's own lease (the database names the user), in one statement with their history lines.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE FUNCTION feed_desk.unclaim(p_owner text, p_ids bigint[])
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
