-- Migration 2's settle_batch; a failed row retried asks the duplicate question first.
CREATE OR REPLACE FUNCTION feed_desk.settle_batch(p_batch bigint, p_action text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_twin feed_desk.submissions;
  v_count integer := 0;
  v_discard boolean := p_action = 'discard';
  v_supervisor boolean := feed_desk.is_supervisor();
BEGIN
  IF p_action NOT IN ('discard', 'retry') THEN
    RAISE EXCEPTION 'not a batch action: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM feed_desk.own_batch(p_batch);
  FOR v_row IN SELECT * FROM feed_desk.submissions
      WHERE batch_id = p_batch
        AND CASE WHEN v_discard THEN state = 'queued' OR (state = 'failed' AND v_supervisor)
          ELSE state = 'failed' AND (v_supervisor OR next_attempt_at IS NOT NULL) END
      ORDER BY id FOR UPDATE LOOP
    IF v_discard THEN
      UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL,
          finished_at = now() WHERE id = v_row.id;
    ELSE
      PERFORM feed_desk.lock_twin_keys(v_row, true);
      v_twin := feed_desk.send_twin(v_row);
      IF v_twin.id IS NOT NULL THEN
        UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now() WHERE id = v_row.id;
        PERFORM feed_desk.note_history(v_row.id, 'failed', 'failed', session_user,
          'held: possible duplicate of #' || v_twin.id);
        CONTINUE;
      END IF;
      UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
          queued_at = now(), lease_owner = NULL WHERE id = v_row.id;
    END IF;
    PERFORM feed_desk.note_history(v_row.id, v_row.state, CASE WHEN v_discard THEN 'discarded' ELSE 'queued' END,
      session_user, format(CASE WHEN v_discard THEN 'unsent row of batch %s discarded'
        ELSE 'failed row of batch %s retried' END, p_batch));
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
