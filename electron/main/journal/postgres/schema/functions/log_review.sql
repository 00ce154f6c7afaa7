CREATE OR REPLACE FUNCTION feed_desk.log_review()
RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.personal_removed_at IS DISTINCT FROM OLD.personal_removed_at THEN RETURN NULL; END IF;
  PERFORM feed_desk.note_history(NEW.id, NEW.state, NEW.state, session_user,
    CASE WHEN coalesce(NEW.review_note, '') = '' THEN 'reviewed' ELSE 'reviewed: ' || NEW.review_note END);
  RETURN NULL;
END $$;
