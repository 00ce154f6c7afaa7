-- Migration 13 of the office journal (schema 12 to 13), as it shipped.
-- A row's revision, raised by every change (a trigger, so no function can forget it): two copies
-- of a row, one from an answer and one from the change feed, compare by it, never by guessing.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

ALTER TABLE feed_desk.submissions ADD COLUMN revision bigint NOT NULL DEFAULT 1;
CREATE FUNCTION feed_desk.next_revision() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER submissions_revision BEFORE UPDATE ON feed_desk.submissions
  FOR EACH ROW EXECUTE FUNCTION feed_desk.next_revision();
