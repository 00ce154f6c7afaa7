CREATE OR REPLACE FUNCTION feed_desk.take(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  UPDATE feed_desk.submissions SET state = 'sending', updated_at = now(), attempts = p_row.attempts + 1,
      sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_owner,
      lease_expires_at = now() + feed_desk.lease_ms(p_ms) * interval '1 millisecond'
    WHERE id = p_row.id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, p_row.state, 'sending', feed_desk.desk_actor(NULL), NULL);
  RETURN v_row;
END $$;
