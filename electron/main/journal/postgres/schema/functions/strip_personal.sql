-- Removes one locked row's personal details and notes it in the row's history: the payload's
-- personal fields, the surname and postcode columns, the row's values quoted in the service's
-- message, field errors, review note and earlier history notes, and the payload's hash (it could
-- confirm a guess at the person's details; 'removed' matches no submission's).
CREATE OR REPLACE FUNCTION feed_desk.strip_personal(p_row feed_desk.submissions, p_note text, p_extra text[])
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_extra text[] := CASE WHEN p_row.kind = 'cancellation' THEN p_extra ELSE '{}' END;
  v_values text[] := feed_desk.personal_values(p_row.payload, v_extra);
BEGIN
  UPDATE feed_desk.submissions SET surname = '', postcode = '', personal_removed_at = clock_timestamp(),
      payload = feed_desk.blank_personal(p_row.payload, v_extra), payload_hash = 'removed',
      message = feed_desk.scrub(p_row.message, v_values),
      error_fields = feed_desk.scrub_fields(p_row.error_fields, v_values),
      review_note = feed_desk.scrub(p_row.review_note, v_values)
    WHERE id = p_row.id;
  UPDATE feed_desk.history SET note = feed_desk.scrub(note, v_values)
    WHERE submission_id = p_row.id AND note IS NOT NULL AND note <> feed_desk.scrub(note, v_values);
  PERFORM feed_desk.note_history(p_row.id, p_row.state, p_row.state, session_user, feed_desk.scrub(p_note, v_values));
END $$;
