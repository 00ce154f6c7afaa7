/** Every function runs as the schema owner with a fixed search path (no object of a caller's can stand in). */
export const DEFINER = `LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp`;

/**
 * A lease belongs to the database user who took it: the sender id a desk gives is prefixed with
 * session_user, so no one can renew, settle or answer for another user's sends.
 */
const OWNER = (param: string) => `session_user || chr(31) || ${param}`;
/** A lease lasts between 1 ms and 10 minutes, whatever a caller asks. */
const LEASE = (param: string) => `least(greatest(${param}, 1), 600000) * interval '1 millisecond'`;

/**
 * Migration 1, part two: queueing and sending. Clerks hold no write privilege on the tables; they
 * change rows only through these SECURITY DEFINER functions, each one transaction with its history
 * entry. The database names who did it (session_user), never the client.
 */
export const SENDING_SQL = `
CREATE FUNCTION feed_desk.note_history(p_id bigint, p_from text, p_to text, p_actor text, p_note text)
RETURNS void LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
  VALUES (p_id, p_from, p_to, p_actor, p_note)
$$;

-- The duplicate check and the insert, in one transaction that two desks cannot both pass:
-- transaction-scoped advisory locks on (profile, content hash) and (profile, reference, policy),
-- taken in a fixed order, serialise exactly the submissions that could repeat each other.
CREATE FUNCTION feed_desk.queue(p_kind text, p_profile text, p_payload json, p_hash text,
  p_original bigint, p_allow_duplicate boolean)
RETURNS TABLE (duplicate boolean, submission feed_desk.submissions) ${DEFINER} AS $$
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
      surname, postcode, original_recordid, state, queued_at)
    VALUES (p_kind, p_profile, session_user, p_payload, p_hash, v_reference, v_policy,
      coalesce(p_payload ->> 'surname', ''), coalesce(p_payload ->> 'postcode', ''), p_original, 'queued', now())
    RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, NULL, 'queued', session_user, NULL);
  duplicate := false; submission := v_row; RETURN NEXT;
END $$;

-- Moves a locked queued or failed row to sending under a lease timed by the database's clock.
CREATE FUNCTION feed_desk.take(p_row feed_desk.submissions, p_owner text, p_ms integer)
RETURNS feed_desk.submissions LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  UPDATE feed_desk.submissions SET state = 'sending', updated_at = now(), attempts = p_row.attempts + 1,
      sending_at = now(), next_attempt_at = NULL, lease_owner = ${OWNER('p_owner')},
      lease_expires_at = now() + ${LEASE('p_ms')}
    WHERE id = p_row.id RETURNING * INTO v_row;
  PERFORM feed_desk.note_history(v_row.id, p_row.state, 'sending', 'system', NULL);
  RETURN v_row;
END $$;

CREATE FUNCTION feed_desk.claim(p_id bigint, p_owner text, p_ms integer)
RETURNS SETOF feed_desk.submissions ${DEFINER} AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF FOUND AND v_row.state IN ('queued', 'failed') THEN
    v_row := feed_desk.take(v_row, p_owner, p_ms);
    RETURN NEXT v_row;
  END IF;
END $$;

-- The next due row of a sendable, unpaused profile; rows another desk holds are skipped, never waited for.
CREATE FUNCTION feed_desk.claim_next(p_owner text, p_ms integer, p_entries text[], p_cancellations text[])
RETURNS SETOF feed_desk.submissions ${DEFINER} AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions s
    WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
    ORDER BY s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED;
  IF FOUND THEN
    v_row := feed_desk.take(v_row, p_owner, p_ms);
    RETURN NEXT v_row;
  END IF;
END $$;

-- A send's outcome; an answer for a row no longer this sender's settles an unknown no person acted
-- on, else is kept in the history. With p_next_owner, claims the next due row in the same transaction.
CREATE FUNCTION feed_desk.record_outcome(p_id bigint, p_owner text, p_state text, p_recordid bigint,
  p_code text, p_message text, p_http integer, p_fields json, p_next_attempt_at timestamptz,
  p_next_owner text, p_next_ms integer, p_entries text[], p_cancellations text[])
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) ${DEFINER} AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_accepted boolean := p_state = 'accepted';
BEGIN
  IF p_state NOT IN ('accepted', 'rejected', 'failed', 'unknown') THEN
    RAISE EXCEPTION 'not an outcome: %', p_state USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id);
  END IF;
  v_from := v_row.state;
  IF v_row.lease_owner IS DISTINCT FROM ${OWNER('p_owner')} OR v_from NOT IN ('sending', 'unknown') THEN
    PERFORM feed_desk.note_history(p_id, v_from, v_from, 'system (late answer)',
      'An earlier send finally answered: ' || CASE WHEN v_accepted THEN 'accepted with recordid ' || p_recordid
        ELSE p_state || ': ' || coalesce(p_message, '') END);
  ELSE
    UPDATE feed_desk.submissions SET state = p_state, updated_at = now(), lease_expires_at = NULL,
        finished_at = CASE WHEN p_state = 'failed' THEN NULL ELSE now() END,
        http_status = p_http, message = p_message,
        recordid = CASE WHEN v_accepted THEN p_recordid ELSE recordid END,
        error_code = CASE WHEN v_accepted THEN NULL ELSE p_code END,
        error_fields = CASE WHEN v_accepted THEN NULL ELSE p_fields END,
        next_attempt_at = CASE WHEN v_accepted THEN next_attempt_at ELSE p_next_attempt_at END
      WHERE id = p_id RETURNING * INTO v_row;
    PERFORM feed_desk.note_history(p_id, v_from, p_state,
      CASE WHEN v_from = 'sending' THEN 'system' ELSE 'system (late answer)' END, NULL);
  END IF;
  is_next := false; submission := v_row; RETURN NEXT;
  IF p_next_owner IS NOT NULL THEN
    SELECT * INTO v_row FROM feed_desk.claim_next(p_next_owner, p_next_ms, p_entries, p_cancellations);
    IF FOUND THEN is_next := true; submission := v_row; RETURN NEXT; END IF;
  END IF;
END $$;

CREATE FUNCTION feed_desk.renew_leases(p_owner text, p_ms integer)
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  UPDATE feed_desk.submissions SET lease_expires_at = now() + ${LEASE('p_ms')}
    WHERE state = 'sending' AND lease_owner = ${OWNER('p_owner')}
$$;

-- Rows in sending whose lease ran out become unknown, whichever desk notices; rows being
-- settled right now by their sender are skipped.
CREATE FUNCTION feed_desk.expire_leases()
RETURNS integer ${DEFINER} AS $$
DECLARE v_id bigint; v_count integer := 0;
BEGIN
  FOR v_id IN SELECT id FROM feed_desk.submissions
      WHERE state = 'sending' AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    UPDATE feed_desk.submissions SET state = 'unknown', updated_at = now(), error_code = 'unknown',
        message = 'Interrupted while sending: the service may or may not have stored it'
      WHERE id = v_id;
    PERFORM feed_desk.note_history(v_id, 'sending', 'unknown', 'system (lease expired)', NULL);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
`;
