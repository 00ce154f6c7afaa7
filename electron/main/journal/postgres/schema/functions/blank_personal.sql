-- A payload with its personal fields' values blanked (keys and order kept, so it reads as before),
-- and those of p_extra (a cancellation's fields marked personal in the profiles).
CREATE OR REPLACE FUNCTION feed_desk.blank_personal(p json, p_extra text[] DEFAULT '{}')
RETURNS json LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_object_agg(e.key, CASE WHEN e.key = ANY (feed_desk.personal_fields() || p_extra)
      THEN to_json(''::text) ELSE e.value END ORDER BY e.ord), '{}'::json)
    FROM json_each(p) WITH ORDINALITY AS e (key, value, ord)
$$;
