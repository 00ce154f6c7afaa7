CREATE OR REPLACE FUNCTION feed_desk.note_history(p_id bigint, p_from text, p_to text, p_actor text, p_note text)
RETURNS void LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
  VALUES (p_id, p_from, p_to, p_actor, p_note)
$$;
