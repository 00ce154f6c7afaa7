-- Migration 9 of the office journal (schema 8 to 9), as it shipped.
-- The correction link of a draft, and the words of a marked acceptance. A draft keeps
-- the rejected or failed row it corrects (`corrects`), so the link survives a restart. Marking a
-- row accepted keeps its last status code and error; its message says what the last attempt told
-- and who decided (as electron/main/journal/accept-words.ts words it for this computer's journal).
-- `feed_desk.resolve` (migration 11) uses the message.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

ALTER TABLE feed_desk.drafts ADD COLUMN corrects bigint;

CREATE FUNCTION feed_desk.marked_accepted_message(p_from text, p_status integer, p_actor text, p_recordid bigint)
RETURNS text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE p_from WHEN 'unknown' THEN 'Answer lost' ELSE 'Not sent' END || ' (' ||
    CASE
      WHEN p_status IS NULL THEN 'no answer'
      WHEN p_status BETWEEN 200 AND 299 THEN p_status || ' with an unreadable reply'
      WHEN p_status = 408 THEN '408 Request Timeout'
      WHEN p_status = 429 THEN '429 Too Many Requests'
      WHEN p_status = 500 THEN '500 Internal Server Error'
      WHEN p_status = 502 THEN '502 Bad Gateway'
      WHEN p_status = 503 THEN '503 Service Unavailable'
      WHEN p_status = 504 THEN '504 Gateway Timeout'
      ELSE 'HTTP ' || p_status
    END || '); marked accepted by ' || p_actor || ' with recordid ' || p_recordid
$$;
