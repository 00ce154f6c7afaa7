-- Migration 11's resend, and a row whose personal details were removed is never sent again (its
-- payload is blanked): it is refused in words.
CREATE OR REPLACE FUNCTION feed_desk.resend(p_id bigint, p_note text, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_twin feed_desk.submissions;
  v_from text;
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors resolve journal entries', session_user);
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id); END IF;
  v_from := v_row.state;
  IF v_from NOT IN ('unknown', 'failed', 'rejected', 'superseded') THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s; that action needs unknown or failed or rejected or superseded', p_id, v_from);
  END IF;
  IF v_row.personal_removed_at IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s had its personal details removed: it cannot be sent again (key it as a new entry)', p_id);
  END IF;
  IF NOT coalesce(p_allow_duplicate, false) THEN
    PERFORM feed_desk.lock_twin_keys(v_row, true);
    v_twin := feed_desk.send_twin(v_row);
    IF v_twin.id IS NOT NULL THEN duplicate := true; submission := v_twin; RETURN NEXT; RETURN; END IF;
  END IF;
  UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
      queued_at = now(), lease_owner = NULL, superseded_by = NULL
    WHERE id = p_id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(p_id, v_from, 'queued', session_user, coalesce(p_note,
    CASE WHEN p_allow_duplicate THEN 'resend (possible duplicate confirmed)' ELSE 'resend' END));
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;
