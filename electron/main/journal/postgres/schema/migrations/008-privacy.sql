-- Migration 8 of the office journal (schema 7 to 8), as it shipped.
-- Customer data. One row holds how long personal details of settled rows are kept
-- (days, or NULL: kept). The database removes them itself, in SECURITY DEFINER functions that
-- check the caller is a supervisor (or the owner): the payload's personal fields are blanked, the
-- surname and postcode columns are blanked, the row's values are scrubbed from the service's
-- message, and a history line says so. Only supervisors set the rule, run a purge, find a person,
-- read their rows for an export and erase them. The personal fields are those of
-- shared/journal/personal-fields.ts (a test checks the two lists agree).
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE TABLE feed_desk.retention (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  days integer CHECK (days IS NULL OR days BETWEEN 1 AND 36500),
  set_by text,
  set_at timestamptz,
  last_run timestamptz,
  -- A cancellation's extra fields any supervisor's desk has named personal (its profiles): kept here,
  -- so a purge from a desk or server without those profiles removes them as well.
  personal_extra text[] NOT NULL DEFAULT '{}'
);
INSERT INTO feed_desk.retention (only_row) VALUES (true);
ALTER TABLE feed_desk.submissions ADD COLUMN personal_removed_at timestamptz;
CREATE INDEX submissions_personal_kept ON feed_desk.submissions (created_at) WHERE personal_removed_at IS NULL;

CREATE FUNCTION feed_desk.personal_fields()
RETURNS text[] LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT ARRAY['title', 'initials', 'surname', 'address1', 'address2', 'town', 'county', 'postcode', 'email',
    'telephone']
$$;

CREATE FUNCTION feed_desk.person_key(p text)
RETURNS text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT lower(regexp_replace(p, '\s+', '', 'g'))
$$;

-- A payload with its personal fields' values blanked (keys and order kept, so it reads as before),
-- and those of p_extra (a cancellation's fields marked personal in the profiles).
CREATE FUNCTION feed_desk.blank_personal(p json, p_extra text[] DEFAULT '{}')
RETURNS json LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_object_agg(e.key, CASE WHEN e.key = ANY (feed_desk.personal_fields() || p_extra)
      THEN to_json(''::text) ELSE e.value END ORDER BY e.ord), '{}'::json)
    FROM json_each(p) WITH ORDINALITY AS e (key, value, ord)
$$;

-- A text with the given values (two characters or more, trimmed, longest first) replaced by [removed], whatever their case.
CREATE FUNCTION feed_desk.scrub(p_text text, p_values text[])
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

-- A JSON object of texts (field errors) with the given values scrubbed.
CREATE FUNCTION feed_desk.scrub_fields(p_fields json, p_values text[])
RETURNS json LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF p_fields IS NULL THEN RETURN NULL; END IF;
  RETURN (SELECT coalesce(json_object_agg(e.key, feed_desk.scrub(e.value, p_values)), '{}'::json)
    FROM json_each_text(p_fields) e);
END $$;

-- The values of a payload's personal fields (and of p_extra).
CREATE FUNCTION feed_desk.personal_values(p_payload json, p_extra text[] DEFAULT '{}')
RETURNS text[] LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(array_agg(e.value), '{}') FROM json_each_text(p_payload) e
    WHERE e.key = ANY (feed_desk.personal_fields() || p_extra)
$$;

-- Removes one locked row's personal details and notes it in the row's history: the payload's
-- personal fields, the surname and postcode columns, the row's values quoted in the service's
-- message, field errors, review note and earlier history notes, and the payload's hash (it could
-- confirm a guess at the person's details; 'removed' matches no submission's).
CREATE FUNCTION feed_desk.strip_personal(p_row feed_desk.submissions, p_note text, p_extra text[])
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_extra text[] := CASE WHEN p_row.kind = 'cancellation' THEN p_extra ELSE '{}' END;
  v_values text[] := feed_desk.personal_values(p_row.payload, v_extra);
BEGIN
  UPDATE feed_desk.submissions SET surname = '', postcode = '', personal_removed_at = clock_timestamp(),
      payload = feed_desk.blank_personal(p_row.payload, v_extra), payload_hash = 'removed',
      message = feed_desk.scrub(p_row.message, v_values),
      error_fields = feed_desk.scrub_fields(p_row.error_fields, v_values),
      review_note = feed_desk.scrub(p_row.review_note, v_values)
    WHERE id = p_row.id;
  UPDATE feed_desk.history SET note = feed_desk.scrub(note, v_values)
    WHERE submission_id = p_row.id AND note IS NOT NULL AND note <> feed_desk.scrub(note, v_values);
  PERFORM feed_desk.note_history(p_row.id, p_row.state, p_row.state, session_user, feed_desk.scrub(p_note, v_values));
END $$;

-- The cancellation fields to remove as personal: those named now (only extra fields' names, never one
-- of the six default fields) added to those named before, which the journal keeps.
CREATE FUNCTION feed_desk.personal_extra(p_extra text[])
RETURNS text[] LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_all text[];
BEGIN
  UPDATE feed_desk.retention SET personal_extra = ARRAY(SELECT DISTINCT e FROM unnest(personal_extra || ARRAY(
      SELECT e FROM unnest(coalesce(p_extra, '{}')) e WHERE e ~ '^[a-z][a-z0-9_]{0,39}$'
        AND e <> ALL (ARRAY['recordid', 'account_code', 'reference', 'policy', 'cancellation_date', 'reason']))) e
      ORDER BY e)
    RETURNING personal_extra INTO v_all;
  RETURN v_all;
END $$;

-- Blanks the rows a bulk import left out that carry an erased row's e-mail, or its surname with postcode.
CREATE FUNCTION feed_desk.strip_left_out(p_payload json)
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

-- Updating review_note while removing personal details (personal_removed_at changes with it, which
-- no one is granted to update) is no review: it neither stamps the reviewer nor adds a line.
CREATE OR REPLACE FUNCTION feed_desk.stamp_review()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.personal_removed_at IS DISTINCT FROM OLD.personal_removed_at THEN RETURN NEW; END IF;
  NEW.reviewed_by := session_user;
  NEW.reviewed_at := now();
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.log_review()
RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.personal_removed_at IS DISTINCT FROM OLD.personal_removed_at THEN RETURN NULL; END IF;
  PERFORM feed_desk.note_history(NEW.id, NEW.state, NEW.state, session_user,
    CASE WHEN coalesce(NEW.review_note, '') = '' THEN 'reviewed' ELSE 'reviewed: ' || NEW.review_note END);
  RETURN NULL;
END $$;

-- Settled rows created more than p_days days ago, and batch rows left out as long ago.
CREATE FUNCTION feed_desk.remove_personal(p_days integer, p_extra text[])
RETURNS integer LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions; v_count integer := 0;
BEGIN
  FOR v_row IN SELECT * FROM feed_desk.submissions
      WHERE personal_removed_at IS NULL AND created_at < now() - p_days * interval '1 day'
        AND state IN ('accepted', 'rejected', 'discarded', 'superseded')
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    PERFORM feed_desk.strip_personal(v_row, format('personal details removed under the %s-day rule', p_days), p_extra);
    v_count := v_count + 1;
  END LOOP;
  UPDATE feed_desk.batch_rows b SET payload = feed_desk.blank_personal(b.payload),
      errors = feed_desk.scrub_fields(b.errors, feed_desk.personal_values(b.payload))
    WHERE b.recorded_at < now() - p_days * interval '1 day' AND EXISTS
      (SELECT 1 FROM json_each_text(b.payload) e WHERE e.key = ANY (feed_desk.personal_fields()) AND e.value <> '');
  RETURN v_count;
END $$;

CREATE FUNCTION feed_desk.set_retention(p_days integer)
RETURNS SETOF feed_desk.retention LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.require_supervisor('set how long personal details are kept');
  IF p_days IS NOT NULL AND p_days NOT BETWEEN 1 AND 36500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Retention is a whole number of days from 1 to 36500, or off';
  END IF;
  UPDATE feed_desk.retention SET days = p_days, set_by = session_user, set_at = now();
  INSERT INTO feed_desk.admin_audit (action, detail) VALUES ('retention set',
    CASE WHEN p_days IS NULL THEN 'personal details kept' ELSE format('personal details of settled rows removed after %s day%s', p_days,
      CASE WHEN p_days = 1 THEN '' ELSE 's' END) END);
  RETURN QUERY SELECT * FROM feed_desk.retention;
END $$;

-- The journal's rule (p_days NULL; nothing while it is off) or a purge on demand of rows older than p_days.
CREATE FUNCTION feed_desk.purge_personal(p_days integer, p_extra text[] DEFAULT '{}')
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_days integer := p_days;
BEGIN
  PERFORM feed_desk.require_supervisor('remove personal details');
  IF p_days IS NULL THEN
    SELECT days INTO v_days FROM feed_desk.retention;
    UPDATE feed_desk.retention SET last_run = now();
    IF v_days IS NULL THEN RETURN 0; END IF;
  ELSIF p_days NOT BETWEEN 0 AND 36500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = '--older-than is a whole number of days from 0 to 36500';
  END IF;
  RETURN feed_desk.remove_personal(v_days, feed_desk.personal_extra(p_extra));
END $$;

CREATE FUNCTION feed_desk.find_person(p_email text, p_surname text, p_postcode text)
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

CREATE FUNCTION feed_desk.person_rows(p_ids bigint[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_missing bigint;
BEGIN
  PERFORM feed_desk.require_supervisor('find, export and erase a person''s data');
  SELECT u INTO v_missing FROM unnest(p_ids) u WHERE NOT EXISTS (SELECT 1 FROM feed_desk.submissions s WHERE s.id = u) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', v_missing);
  END IF;
  RETURN QUERY SELECT * FROM feed_desk.submissions s WHERE s.id = ANY (p_ids) ORDER BY s.id;
END $$;

CREATE FUNCTION feed_desk.erase_person(p_ids bigint[], p_reason text, p_extra text[] DEFAULT '{}')
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_row feed_desk.submissions; v_count integer := 0; v_reason text := btrim(p_reason);
  v_extra text[];
BEGIN
  PERFORM feed_desk.require_supervisor('find, export and erase a person''s data');
  v_extra := feed_desk.personal_extra(p_extra);
  IF coalesce(length(v_reason), 0) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'An erasure needs a reason of 1 to 500 characters (it is kept in the history)';
  END IF;
  FOR v_id IN SELECT DISTINCT u FROM unnest(p_ids) u ORDER BY u LOOP
    SELECT * INTO v_row FROM feed_desk.submissions WHERE id = v_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', v_id);
    END IF;
    IF v_row.state NOT IN ('accepted', 'rejected', 'discarded', 'superseded') THEN
      RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s: it may still be sent, '
        'so its details cannot be erased yet (resolve or discard it first)', v_id, v_row.state);
    END IF;
    PERFORM feed_desk.strip_left_out(v_row.payload);
    PERFORM feed_desk.strip_personal(v_row, 'personal details erased: ' || v_reason, v_extra);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
