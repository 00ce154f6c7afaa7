-- A failed row due for an automatic retry may be sent again: its duplicate-guard keys are free (else
-- it is skipped, never waited for) and no row it would repeat exists (else it is held: it stays
-- failed with no retry, and its history names that row). Called in a claim's scan, before the row is locked.
CREATE OR REPLACE FUNCTION feed_desk.retry_clear(p_row feed_desk.submissions)
RETURNS boolean LANGUAGE plpgsql VOLATILE COST 10000 SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_twin feed_desk.submissions;
BEGIN
  IF NOT feed_desk.lock_twin_keys(p_row, false) THEN RETURN false; END IF;
  v_twin := feed_desk.send_twin(p_row);
  -- An earlier failed row of the same policy, also due: one claim statement could take both (neither
  -- sees the other sending), so the later one waits for a person, as it would once the earlier is sent.
  IF v_twin.id IS NULL AND p_row.kind = 'entry' AND p_row.policy <> '' THEN
    SELECT * INTO v_twin FROM feed_desk.submissions o
      WHERE o.profile = p_row.profile AND o.kind = 'entry' AND o.policy = p_row.policy AND o.state = 'failed'
        AND o.next_attempt_at IS NOT NULL AND o.next_attempt_at <= now() AND o.id < p_row.id
      ORDER BY o.id LIMIT 1;
  END IF;
  IF v_twin.id IS NULL THEN RETURN true; END IF;
  UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now()
    WHERE id = (SELECT id FROM feed_desk.submissions WHERE id = p_row.id AND state = 'failed' FOR UPDATE SKIP LOCKED);
  IF FOUND THEN
    PERFORM feed_desk.note_history(p_row.id, 'failed', 'failed', feed_desk.desk_actor(NULL),
      'held: possible duplicate of #' || v_twin.id);
  END IF;
  RETURN false;
END $$;
