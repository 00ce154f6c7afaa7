-- Row p_id (newer, same kind and profile) corrects row p_corrects (rejected or failed). A clerk
-- links only rows that clerk queued. Linking the same pair again changes nothing.
CREATE OR REPLACE FUNCTION feed_desk.link_correction(p_id bigint, p_corrects bigint)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_original feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id); END IF;
  PERFORM feed_desk.require_sender(p_id, v_row.operator);
  SELECT * INTO v_original FROM feed_desk.submissions WHERE id = p_corrects FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_corrects); END IF;
  PERFORM feed_desk.require_sender(p_corrects, v_original.operator);
  IF v_row.corrects = p_corrects THEN RETURN NEXT v_row; RETURN; END IF;
  IF v_row.corrects IS NOT NULL OR p_id <= p_corrects OR v_row.kind <> v_original.kind
      OR v_row.profile <> v_original.profile THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s cannot correct entry %s: a correction is a later %s of the same profile, correcting one entry', p_id, p_corrects, v_original.kind);
  END IF;
  IF v_original.state NOT IN ('rejected', 'failed') THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s: only a rejected or failed entry is corrected', p_corrects, v_original.state);
  END IF;
  UPDATE feed_desk.submissions SET corrects = p_corrects, updated_at = now() WHERE id = p_id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(p_id, v_row.state, v_row.state, session_user, 'corrects #' || p_corrects);
  PERFORM feed_desk.supersede(v_row, session_user);
  RETURN NEXT v_row;
END $$;
