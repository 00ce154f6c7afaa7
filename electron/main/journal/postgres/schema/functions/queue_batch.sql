CREATE OR REPLACE FUNCTION feed_desk.queue_batch(p_batch bigint, p_rows integer[], p_payloads json[], p_hashes text[],
  p_allow boolean[])
RETURNS TABLE (file_row integer, outcome text, submission_id bigint) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_batch feed_desk.batches := feed_desk.own_batch(p_batch);
  v_id bigint;
  v_dup boolean;
  v_key bigint;
  v_later integer[];
  v_i integer;
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) > 250 THEN
    RAISE EXCEPTION 'at most 250 rows at once' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Every row numbered and given whole: one answer per row, none queued that the call never answers.
  IF coalesce(array_length(p_payloads, 1), 0) <> coalesce(array_length(p_rows, 1), 0)
      OR coalesce(array_length(p_hashes, 1), 0) <> coalesce(array_length(p_rows, 1), 0)
      OR (p_allow IS NOT NULL AND coalesce(array_length(p_allow, 1), 0) <> coalesce(array_length(p_rows, 1), 0)) THEN
    RAISE EXCEPTION 'rows, payloads, hashes and allowances come in arrays of one length'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF array_position(p_rows, NULL) IS NOT NULL OR array_position(p_hashes, NULL) IS NOT NULL
      OR array_position(p_payloads, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'every row needs its row number, payload and hash' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR v_key IN
    SELECT DISTINCT k FROM (
      SELECT hashtextextended(v_batch.profile || chr(31) || h, 1) AS k FROM unnest(p_hashes) AS h
      UNION ALL
      SELECT hashtextextended(v_batch.profile || chr(31) || (p ->> 'policy'), 4)
        FROM unnest(p_payloads) AS p WHERE coalesce(p ->> 'policy', '') <> '') keys
    ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  -- A row that repeats an earlier row of the call (its row number, content or policy number) is
  -- queued after the rest, one at a time, so it meets the earlier one as a duplicate.
  SELECT array_agg(n ORDER BY n) INTO v_later FROM (
      SELECT n, row_number() OVER (PARTITION BY p_rows[n] ORDER BY n) AS by_row,
          row_number() OVER (PARTITION BY p_hashes[n] ORDER BY n) AS by_hash,
          row_number() OVER (PARTITION BY nullif(p_payloads[n] ->> 'policy', '') ORDER BY n) AS by_policy,
          nullif(p_payloads[n] ->> 'policy', '') IS NOT NULL AS has_policy
        FROM generate_subscripts(p_rows, 1) AS n) r
    WHERE r.by_row > 1 OR r.by_hash > 1 OR (r.has_policy AND r.by_policy > 1);
  RETURN QUERY
  WITH input AS (
      SELECT n, p_rows[n] AS file_row, p_payloads[n] AS payload, p_hashes[n] AS hash,
          p_allow[n] IS NOT FALSE AS allow, coalesce(p_payloads[n] ->> 'reference', '') AS reference,
          coalesce(p_payloads[n] ->> 'policy', '') AS policy
        FROM generate_subscripts(p_rows, 1) AS n WHERE NOT n = ANY (coalesce(v_later, '{}'))),
    already AS (SELECT i.n, s.id FROM input i JOIN feed_desk.submissions s ON s.batch_id = p_batch AND s.batch_row = i.file_row),
    fresh AS (SELECT i.*, CASE WHEN NOT i.allow THEN greatest(
          (SELECT max(s.id) FROM feed_desk.submissions s WHERE s.profile = v_batch.profile AND s.payload_hash = i.hash
            AND s.kind = 'entry' AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')),
          (SELECT max(s.id) FROM feed_desk.submissions s WHERE i.policy <> '' AND s.profile = v_batch.profile
            AND s.policy = i.policy AND s.kind = 'entry' AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')))
        END AS twin
      FROM input i WHERE NOT EXISTS (SELECT 1 FROM already a WHERE a.n = i.n)),
    added AS (
      INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy,
          surname, postcode, state, queued_at, batch_id, batch_row)
        SELECT 'entry', v_batch.profile, session_user, f.payload, f.hash, f.reference, f.policy,
            coalesce(f.payload ->> 'surname', ''), coalesce(f.payload ->> 'postcode', ''), 'queued', now(), p_batch, f.file_row
          FROM fresh f WHERE f.twin IS NULL ORDER BY f.n
        RETURNING id, batch_row),
    noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor)
      SELECT a.id, NULL, 'queued', session_user FROM added a ORDER BY a.id)
  SELECT o.file_row, o.outcome, o.id FROM (
      SELECT i.n, i.file_row, 'already'::text AS outcome, a.id FROM already a JOIN input i ON i.n = a.n
      UNION ALL
      SELECT f.n, f.file_row, 'duplicate', f.twin FROM fresh f WHERE f.twin IS NOT NULL
      UNION ALL
      SELECT f.n, f.file_row, 'queued', a.id FROM fresh f JOIN added a ON a.batch_row = f.file_row WHERE f.twin IS NULL) o
    ORDER BY o.n;
  FOREACH v_i IN ARRAY coalesce(v_later, '{}') LOOP
    file_row := p_rows[v_i];
    SELECT s.id INTO v_id FROM feed_desk.submissions s WHERE s.batch_id = p_batch AND s.batch_row = p_rows[v_i];
    IF FOUND THEN
      outcome := 'already'; submission_id := v_id; RETURN NEXT; CONTINUE;
    END IF;
    SELECT q.duplicate, (q.submission).id INTO v_dup, v_id
      FROM feed_desk.queue('entry', v_batch.profile, p_payloads[v_i], p_hashes[v_i], NULL, p_allow[v_i]) q;
    IF NOT v_dup THEN
      UPDATE feed_desk.submissions s SET batch_id = p_batch, batch_row = p_rows[v_i] WHERE s.id = v_id;
    END IF;
    outcome := CASE WHEN v_dup THEN 'duplicate' ELSE 'queued' END; submission_id := v_id; RETURN NEXT;
  END LOOP;
END $$;
