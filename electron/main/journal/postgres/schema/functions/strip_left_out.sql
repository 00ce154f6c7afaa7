-- Blanks the rows a bulk import left out that carry an erased row's e-mail, or its surname with postcode.
CREATE OR REPLACE FUNCTION feed_desk.strip_left_out(p_payload json)
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_values text[] := feed_desk.personal_values(p_payload);
  v_email text := feed_desk.person_key(coalesce(p_payload ->> 'email', ''));
  v_surname text := feed_desk.person_key(coalesce(p_payload ->> 'surname', ''));
  v_postcode text := feed_desk.person_key(coalesce(p_payload ->> 'postcode', ''));
BEGIN
  UPDATE feed_desk.batch_rows b SET payload = feed_desk.blank_personal(b.payload),
      errors = feed_desk.scrub_fields(b.errors, feed_desk.personal_values(b.payload) || v_values)
    WHERE (v_email <> '' AND feed_desk.person_key(b.payload ->> 'email') = v_email)
       OR (v_surname <> '' AND v_postcode <> '' AND feed_desk.person_key(b.payload ->> 'surname') = v_surname
           AND feed_desk.person_key(b.payload ->> 'postcode') = v_postcode);
END $$;
