CREATE OR REPLACE FUNCTION feed_desk.marked_accepted_message(p_from text, p_status integer, p_actor text, p_recordid bigint)
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
