-- A text with the given values (two characters or more, trimmed, longest first) replaced by [removed], whatever their case.
CREATE OR REPLACE FUNCTION feed_desk.scrub(p_text text, p_values text[])
RETURNS text LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v text; v_out text := p_text;
BEGIN
  IF v_out IS NULL THEN RETURN NULL; END IF;
  FOR v IN SELECT btrim(u) FROM unnest(p_values) u WHERE length(btrim(u)) >= 2 ORDER BY length(btrim(u)) DESC LOOP
    -- Every character but letters and digits escaped: the value is matched as it is, whatever its
    -- case, where it stands as a word of its own ("Dr" in "Dr Oduya", not in "withdraw").
    v_out := regexp_replace(v_out, '(?<![[:alnum:]])' || regexp_replace(v, '([^[:alnum:]])', '\\\1', 'g')
      || '(?![[:alnum:]])', '[removed]', 'gi');
  END LOOP;
  RETURN v_out;
END $$;
