-- Migration 14 of the office journal (schema 13 to 14), as it shipped.
-- A clerk's due rows are found without walking everyone's (an index per operator),
-- and history announces once per statement (the ids it added), not once per row.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE INDEX submissions_due_operator ON feed_desk.submissions (operator, id) WHERE state IN ('queued', 'failed');
DROP TRIGGER history_announce ON feed_desk.history;
CREATE TRIGGER history_announce AFTER INSERT ON feed_desk.history REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION feed_desk.announce();
