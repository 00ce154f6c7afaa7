CREATE OR REPLACE FUNCTION feed_desk.queue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_reference text := coalesce(p_payload ->> 'reference', '');
  v_policy text := coalesce(p_payload ->> 'policy', '');
  v_keys bigint[] := ARRAY[hashtextextended(p_profile || chr(31) || p_hash, 1)];
  v_key bigint;
  v_by_hash feed_desk.submissions;
  v_by_key feed_desk.submissions;
  v_row feed_desk.submissions;
BEGIN
  IF p_kind = 'entry' AND v_policy <> '' THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || v_policy, 4);
  ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || p_original::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  IF NOT coalesce(p_allow_duplicate, false) THEN
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_profile AND s.payload_hash = p_hash AND s.kind = p_kind AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
      ORDER BY s.id DESC LIMIT 1;
    IF p_kind = 'entry' AND v_policy <> '' THEN
      SELECT * INTO v_by_key FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.policy = v_policy AND s.kind = 'entry' AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
      SELECT * INTO v_by_key FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.original_recordid = p_original AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    END IF;
    IF v_by_key.id IS NOT NULL AND v_by_key.id > coalesce(v_by_hash.id, 0) THEN
      duplicate := true; submission := v_by_key; RETURN NEXT; RETURN;
    ELSIF v_by_hash.id IS NOT NULL THEN
      duplicate := true; submission := v_by_hash; RETURN NEXT; RETURN;
    END IF;
  END IF;
  INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy,
      surname, postcode, original_recordid, state, queued_at)
    VALUES (p_kind, p_profile, session_user, p_payload, p_hash, v_reference, v_policy,
      coalesce(p_payload ->> 'surname', ''), coalesce(p_payload ->> 'postcode', ''), p_original, 'queued', now())
    RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, NULL, 'queued', session_user, NULL);
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;
