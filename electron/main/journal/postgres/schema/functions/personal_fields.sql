CREATE OR REPLACE FUNCTION feed_desk.personal_fields()
RETURNS text[] LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT ARRAY['title', 'initials', 'surname', 'address1', 'address2', 'town', 'county', 'postcode', 'email',
    'telephone']
$$;
