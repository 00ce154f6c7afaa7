CREATE OR REPLACE FUNCTION feed_desk.rename_profile(p_from text, p_to text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  FOR v_row IN UPDATE feed_desk.submissions SET profile = p_to, updated_at = now()
      WHERE profile = p_from AND operator = session_user RETURNING * LOOP
    PERFORM feed_desk.note_history(v_row.id, v_row.state, v_row.state, session_user,
      format('profile renamed from %s to %s', p_from, p_to));
  END LOOP;
  UPDATE feed_desk.drafts SET profile = p_to WHERE profile = p_from AND db_user = session_user;
  UPDATE feed_desk.batches SET profile = p_to WHERE profile = p_from AND operator = session_user;
END $$;
