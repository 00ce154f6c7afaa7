-- Updating review_note while removing personal details (personal_removed_at changes with it, which
-- no one is granted to update) is no review: it neither stamps the reviewer nor adds a line.
CREATE OR REPLACE FUNCTION feed_desk.stamp_review()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.personal_removed_at IS DISTINCT FROM OLD.personal_removed_at THEN RETURN NEW; END IF;
  NEW.reviewed_by := session_user;
  NEW.reviewed_at := now();
  RETURN NEW;
END $$;
