CREATE OR REPLACE FUNCTION feed_desk.find_person(p_email text, p_surname text, p_postcode text)
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('find, export and erase a person''s data');
  IF p_email IS NOT NULL THEN
    RETURN QUERY SELECT * FROM feed_desk.submissions s
      WHERE feed_desk.person_key(s.payload ->> 'email') = feed_desk.person_key(p_email) ORDER BY s.id LIMIT 1000;
  ELSIF p_surname IS NOT NULL AND p_postcode IS NOT NULL THEN
    RETURN QUERY SELECT * FROM feed_desk.submissions s
      WHERE feed_desk.person_key(s.surname) = feed_desk.person_key(p_surname)
        AND feed_desk.person_key(s.postcode) = feed_desk.person_key(p_postcode) ORDER BY s.id LIMIT 1000;
  ELSE
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Find a person by e-mail, or by surname with postcode';
  END IF;
END $$;
