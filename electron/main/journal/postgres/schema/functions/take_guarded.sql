-- take, but an automatic retry of a failed row asks the duplicate question first: a held row stays
-- failed with no retry (a person decides) and NULL is returned; so is a row whose keys another
-- transaction holds (skipped, never waited for).
CREATE OR REPLACE FUNCTION feed_desk.take_guarded(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_twin feed_desk.submissions;
BEGIN
  IF p_row.state = 'failed' THEN
    IF NOT feed_desk.lock_twin_keys(p_row, false) THEN RETURN NULL; END IF;
    v_twin := feed_desk.send_twin(p_row);
    IF v_twin.id IS NOT NULL THEN
      UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now() WHERE id = p_row.id;
      PERFORM feed_desk.note_history(p_row.id, 'failed', 'failed', feed_desk.desk_actor(NULL),
        'held: possible duplicate of #' || v_twin.id);
      RETURN NULL;
    END IF;
  END IF;
  RETURN feed_desk.take(p_row, p_owner, p_ms);
END $$;
