-- Migration 17 of the office journal (schema 16 to 17), as it shipped.
-- The office's update feed: one row naming the HTTPS address every desk of the office follows for
-- Feed Desk's updates (NULL: none; each desk then follows its own Settings). Every desk reads it;
-- supervisors and the owner set it through feed_desk.set_update_feed, with an audit line.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE TABLE feed_desk.update_feed (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  url text CHECK (url IS NULL OR url ~ '^https://' OR url ~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?(/|$)'),
  set_by text,
  set_at timestamptz
);
INSERT INTO feed_desk.update_feed (only_row) VALUES (true);
