-- The values of a payload's personal fields (and of p_extra).
CREATE OR REPLACE FUNCTION feed_desk.personal_values(p_payload json, p_extra text[] DEFAULT '{}')
RETURNS text[] LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(array_agg(e.value), '{}') FROM json_each_text(p_payload) e
    WHERE e.key = ANY (feed_desk.personal_fields() || p_extra)
$$;
