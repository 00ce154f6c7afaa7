-- Migration 16 of the office journal (schema 15 to 16), as it shipped.
-- A claim reads only rows it may take, however many rows wait for a person.
--
-- The claim took its rows from one index of queued and failed rows in id order, and read (and put
-- back) every failed row whose retry was not yet due, and every other desk's row, on the way: at a
-- year's size, ten thousand rows a call. Now queued rows come from an index of queued rows only
-- (per desk, and in id order for a supervisor), and failed rows from the retry index, reading only
-- those already due.
--
-- A person's rows are found through indexes of the keys they are compared by (person_key, applied
-- from ../functions/person_key.sql, is inlined: it names its functions in full and sets nothing),
-- not by calling the function on every row.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

DROP INDEX feed_desk.submissions_due;
DROP INDEX feed_desk.submissions_due_operator;
CREATE INDEX submissions_queued ON feed_desk.submissions (id) WHERE state = 'queued';
CREATE INDEX submissions_queued_operator ON feed_desk.submissions (operator, id) WHERE state = 'queued';
CREATE INDEX submissions_person_email ON feed_desk.submissions (feed_desk.person_key(payload ->> 'email'));
CREATE INDEX submissions_person_name ON feed_desk.submissions
  (feed_desk.person_key(surname), feed_desk.person_key(postcode));
