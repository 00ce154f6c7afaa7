CREATE OR REPLACE FUNCTION feed_desk.expire_leases()
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    UPDATE feed_desk.submissions SET state = 'unknown', updated_at = now(), error_code = 'unknown',
        message = 'Interrupted while sending: the service may or may not have stored it'
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'unknown', feed_desk.desk_actor('lease expired'), NULL);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
