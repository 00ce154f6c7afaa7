-- After a dropped connection: rows claimed under this user's sender id that the desk never got
-- back (the claim committed, its answer was lost) were never sent, so they are queued again.
CREATE OR REPLACE FUNCTION feed_desk.release_unsent(p_owner text, p_keep bigint[])
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND lease_owner = session_user || chr(31) || p_owner
        AND NOT id = ANY (coalesce(p_keep, '{}'::bigint[]))
      ORDER BY id FOR UPDATE LOOP
    UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), attempts = greatest(attempts - 1, 0),
        lease_expires_at = NULL, sending_at = NULL
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'queued', feed_desk.desk_actor(NULL),
      'claimed as the journal connection dropped, never sent: queued again');
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
