import { DUE } from './security-sql';
import { DEFINER } from './sending-sql';

/** The most rows one call claims or records (a desk asks for its free sending slots). */
export const BATCH_LIMIT = 100;

/**
 * Migration 6: batched claims and group commit; and batch rows inserted with their batch. claim_due takes up to n due rows in one call
 * (SKIP LOCKED, so two desks never wait for or take the same row), each through migration 3's
 * `take`; record_outcomes records several outcomes through record_outcome, whose checks apply to
 * each, then claims the next rows: one transaction, one round trip.
 */
export const BATCH_SENDING_SQL = `
-- Migration 1's queue, with the batch and the file row written by the insert itself: queue_batch
-- no longer inserts each row and then updates it (a second version of the row in every index).
-- Not granted to anyone: queue and queue_batch (which checks the batch is the caller's) call it.
CREATE FUNCTION feed_desk.enqueue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean, p_batch bigint, p_batch_row integer)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions)
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_reference text := coalesce(p_payload ->> 'reference', '');
  v_policy text := coalesce(p_payload ->> 'policy', '');
  v_keys bigint[] := ARRAY[hashtextextended(p_profile || chr(31) || p_hash, 1)];
  v_key bigint;
  v_by_hash feed_desk.submissions;
  v_by_ref feed_desk.submissions;
  v_row feed_desk.submissions;
BEGIN
  IF p_kind = 'entry' AND v_reference <> '' THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || v_reference || chr(31) || v_policy, 2);
  ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
    v_keys := v_keys || hashtextextended(p_profile || chr(31) || p_original::text, 3);
  END IF;
  FOR v_key IN SELECT k FROM unnest(v_keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  IF NOT p_allow_duplicate THEN
    SELECT * INTO v_by_hash FROM feed_desk.submissions s
      WHERE s.profile = p_profile AND s.payload_hash = p_hash AND s.kind = p_kind
        AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
      ORDER BY s.id DESC LIMIT 1;
    IF p_kind = 'entry' AND v_reference <> '' THEN
      SELECT * INTO v_by_ref FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.reference = v_reference AND s.policy = v_policy AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    ELSIF p_kind = 'cancellation' AND p_original IS NOT NULL THEN
      SELECT * INTO v_by_ref FROM feed_desk.submissions s
        WHERE s.profile = p_profile AND s.original_recordid = p_original AND s.kind = p_kind
          AND s.state IN ('accepted', 'sending', 'unknown', 'queued', 'failed')
        ORDER BY s.id DESC LIMIT 1;
    END IF;
    IF v_by_ref.id IS NOT NULL AND v_by_ref.id > coalesce(v_by_hash.id, 0) THEN
      duplicate := true; submission := v_by_ref; RETURN NEXT; RETURN;
    ELSIF v_by_hash.id IS NOT NULL THEN
      duplicate := true; submission := v_by_hash; RETURN NEXT; RETURN;
    END IF;
  END IF;
  INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy,
      surname, postcode, original_recordid, state, queued_at, batch_id, batch_row)
    VALUES (p_kind, p_profile, session_user, p_payload, p_hash, v_reference, v_policy,
      coalesce(p_payload ->> 'surname', ''), coalesce(p_payload ->> 'postcode', ''), p_original, 'queued', now(),
      p_batch, p_batch_row)
    RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, NULL, 'queued', session_user, NULL);
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.queue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) ${DEFINER} AS $$
BEGIN
  RETURN QUERY SELECT * FROM feed_desk.enqueue(p_kind, p_profile, p_payload, p_hash, p_original,
    p_allow_duplicate, NULL, NULL);
END $$;

-- The due rows are walked in id order on submissions_due and the walk stops at p_limit: with a
-- long queue (a 10,000-row batch) a plan that gathers and sorts every due row would cost each claim
-- the whole queue, and a table filling fast often has statistics too old to see it.
CREATE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions ${DEFINER} SET enable_sort = off SET enable_bitmapscan = off AS $$
DECLARE
  v_row feed_desk.submissions;
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  PERFORM feed_desk.lease_ms(p_ms);
  IF p_limit IS NULL OR p_limit < 0 OR p_limit > ${BATCH_LIMIT} THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to ${BATCH_LIMIT} rows, not %s', coalesce(p_limit::text, 'none'));
  END IF;
  FOR v_row IN SELECT * FROM feed_desk.submissions s
      WHERE ${DUE}
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND (v_anyone OR s.operator = session_user)
      ORDER BY s.id LIMIT p_limit FOR UPDATE OF s SKIP LOCKED LOOP
    RETURN NEXT feed_desk.take(v_row, p_owner, p_ms);
  END LOOP;
END $$;

-- Each element: {"id", "owner", "state", "recordid", "code", "message", "http", "fields", "next_attempt_at"}.
CREATE FUNCTION feed_desk.record_outcomes(p_outcomes json, p_next_owner text, p_next_ms integer,
  p_entries text[], p_cancellations text[], p_next_limit integer)
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) ${DEFINER} AS $$
DECLARE
  v_item json;
  v_row feed_desk.submissions;
BEGIN
  IF json_typeof(p_outcomes) IS DISTINCT FROM 'array' OR json_array_length(p_outcomes) > ${BATCH_LIMIT} THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Outcomes come as an array of at most ${BATCH_LIMIT}';
  END IF;
  FOR v_item IN SELECT value FROM json_array_elements(p_outcomes) LOOP
    SELECT (r.submission).* INTO v_row FROM feed_desk.record_outcome((v_item->>'id')::bigint, v_item->>'owner',
      v_item->>'state', (v_item->>'recordid')::bigint, v_item->>'code', v_item->>'message', (v_item->>'http')::integer,
      CASE WHEN json_typeof(v_item->'fields') = 'object' THEN v_item->'fields' END,
      (v_item->>'next_attempt_at')::timestamptz, NULL, NULL, NULL, NULL) r WHERE NOT r.is_next;
    is_next := false; submission := v_row; RETURN NEXT;
  END LOOP;
  IF p_next_owner IS NOT NULL THEN
    FOR v_row IN SELECT * FROM feed_desk.claim_due(p_next_owner, p_next_ms, p_entries, p_cancellations, p_next_limit)
    LOOP
      is_next := true; submission := v_row; RETURN NEXT;
    END LOOP;
  END IF;
END $$;

-- Migration 2's queue_batch, each row inserted with its batch by enqueue.
CREATE OR REPLACE FUNCTION feed_desk.queue_batch(p_batch bigint, p_rows integer[], p_payloads json[], p_hashes text[],
  p_allow boolean[])
RETURNS TABLE (file_row integer, outcome text, submission_id bigint) ${DEFINER} AS $$
DECLARE
  v_batch feed_desk.batches := feed_desk.own_batch(p_batch);
  v_id bigint;
  v_dup boolean;
  v_key bigint;
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) > 250 THEN
    RAISE EXCEPTION 'at most 250 rows at once' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR v_key IN
    SELECT DISTINCT k FROM (
      SELECT hashtextextended(v_batch.profile || chr(31) || h, 1) AS k FROM unnest(p_hashes) AS h
      UNION ALL
      SELECT hashtextextended(v_batch.profile || chr(31) || (p ->> 'reference') || chr(31) ||
          coalesce(p ->> 'policy', ''), 2)
        FROM unnest(p_payloads) AS p WHERE coalesce(p ->> 'reference', '') <> '') keys
    ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_rows, 1), 0) LOOP
    file_row := p_rows[i];
    SELECT s.id INTO v_id FROM feed_desk.submissions s WHERE s.batch_id = p_batch AND s.batch_row = p_rows[i];
    IF FOUND THEN
      outcome := 'already'; submission_id := v_id; RETURN NEXT; CONTINUE;
    END IF;
    SELECT q.duplicate, (q.submission).id INTO v_dup, v_id
      FROM feed_desk.enqueue('entry', v_batch.profile, p_payloads[i], p_hashes[i], NULL, p_allow[i], p_batch, p_rows[i]) q;
    outcome := CASE WHEN v_dup THEN 'duplicate' ELSE 'queued' END; submission_id := v_id; RETURN NEXT;
  END LOOP;
END $$;
`;
