-- Each element: {"id", "owner", "claim", "state", "recordid", "code", "message", "http", "fields",
-- "next_attempt_at"}. Only the claim an outcome names, held by this database user under that owner,
-- is settled (fencing); an outcome of any other claim is a late answer, noted in the history, and
-- never refuses the rest of the call. A missing owner or claim, or a row named twice, refuses the
-- call. A clerk records only for rows the clerk queued or holds. Recording the same outcome twice
-- (a commit whose acknowledgement was lost) changes nothing. With p_next_owner, claims the next rows too.
CREATE OR REPLACE FUNCTION feed_desk.record_outcomes(p_outcomes json, p_next_owner text, p_next_ms integer,
  p_entries text[], p_cancellations text[], p_next_limit integer)
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_sort = off
  SET enable_bitmapscan = off SET jit = off AS $$
DECLARE
  v_ms integer;
  v_limit integer := 0;
  v_bad record;
  v_next boolean[];
  v_rows feed_desk.submissions[];
  v_accepted bigint[];
  v_anyone boolean := feed_desk.is_supervisor();
BEGIN
  IF json_typeof(p_outcomes) IS DISTINCT FROM 'array' OR json_array_length(p_outcomes) > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Outcomes come as an array of at most 100';
  END IF;
  IF p_next_owner IS NOT NULL THEN
    v_ms := feed_desk.lease_ms(p_next_ms);
    v_limit := p_next_limit;
    
  IF v_limit IS NULL OR v_limit < 0 OR v_limit > 100 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to 100 rows, not %s', coalesce(v_limit::text, 'none'));
  END IF;
  END IF;
  -- Every row locked, then the first outcome that may not be recorded refused (nothing changes).
  SELECT i.n, i.id, i.state, i.owner, i.claim, s.id AS row_id,
      EXISTS (SELECT 1 FROM (SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)) e WHERE e.id = i.id AND e.n < i.n) AS twice INTO v_bad
    FROM (SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)) i
    LEFT JOIN LATERAL (SELECT x.* FROM feed_desk.submissions x WHERE x.id = i.id FOR UPDATE) s ON true
    WHERE i.state IS NULL OR i.state NOT IN ('accepted', 'rejected', 'failed', 'unknown') OR s.id IS NULL
      OR i.owner IS NULL OR i.owner = '' OR i.claim IS NULL OR i.claim < 1
      OR EXISTS (SELECT 1 FROM (SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)) e WHERE e.id = i.id AND e.n < i.n)
      OR (NOT v_anyone AND split_part(coalesce(s.lease_owner, ''), chr(31), 1) <> session_user
        AND s.operator <> session_user)
    ORDER BY i.n LIMIT 1;
  IF FOUND THEN
    IF v_bad.owner IS NULL OR v_bad.owner = '' OR v_bad.claim IS NULL OR v_bad.claim < 1 THEN
      RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = format(
        'The outcome for journal entry %s names no sender or claim: nothing was recorded', v_bad.id);
    ELSIF v_bad.twice THEN
      RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = format(
        'Journal entry %s has two outcomes in one call: nothing was recorded', v_bad.id);
    ELSIF v_bad.state IS NULL OR v_bad.state NOT IN ('accepted', 'rejected', 'failed', 'unknown') THEN
      RAISE EXCEPTION 'not an outcome: %', v_bad.state USING ERRCODE = 'invalid_parameter_value';
    ELSIF v_bad.row_id IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', v_bad.id);
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
      'Journal entry %s is not being sent by %s: only the desk that sent it records its answer', v_bad.id, session_user);
  END IF;
  IF v_anyone THEN 
    WITH input AS (SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)),
      cur AS (SELECT i.*, s AS r, s.state AS from_state,
          coalesce(s.lease_owner = session_user || chr(31) || i.owner AND s.claim_token = i.claim, false) AS mine
        FROM input i JOIN feed_desk.submissions s ON s.id = i.id),
      what AS (SELECT c.*, CASE
          WHEN c.mine AND c.from_state = c.state AND (c.r).lease_expires_at IS NULL
            AND (c.state <> 'accepted' OR (c.r).recordid = c.recordid) THEN 'same'
          WHEN NOT c.mine OR c.from_state NOT IN ('sending', 'unknown') THEN 'late'
          ELSE 'settle' END AS act FROM cur c),
      settled AS (
        UPDATE feed_desk.submissions u SET state = w.state, updated_at = now(), lease_expires_at = NULL,
            finished_at = CASE WHEN w.state = 'failed' THEN NULL ELSE now() END,
            http_status = w.http, message = w.message,
            recordid = CASE WHEN w.state = 'accepted' THEN w.recordid ELSE u.recordid END,
            error_code = CASE WHEN w.state = 'accepted' THEN NULL ELSE w.code END,
            error_fields = CASE WHEN w.state = 'accepted' THEN NULL ELSE w.fields END,
            next_attempt_at = CASE WHEN w.state = 'accepted' THEN u.next_attempt_at ELSE w.next_attempt_at END
          FROM what w WHERE u.id = w.id AND w.act = 'settle'
          RETURNING u AS r),
      
  -- Queued rows from the index of queued rows, failed rows from the retry index up to now: no row
  -- waiting for a person or for its retry is read.
  queued_rows AS MATERIALIZED (
      SELECT s.id, s.state FROM feed_desk.submissions s
        WHERE s.state = 'queued'
          AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
          AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
          AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        ORDER BY s.id LIMIT v_limit FOR UPDATE OF s SKIP LOCKED),
  due_rows AS MATERIALIZED (
      SELECT s.id, s.state FROM feed_desk.submissions s
        WHERE s.state = 'failed' AND s.next_attempt_at <= now()
          AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
          AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
          AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
          AND NOT EXISTS (SELECT 1 FROM what w WHERE w.act = 'settle' AND w.state = 'accepted'
          AND (s.id = (w.r).corrects OR ((w.r).kind = 'entry' AND (w.r).policy <> '' AND s.kind = 'entry'
            AND s.profile = (w.r).profile AND s.policy = (w.r).policy))) AND feed_desk.retry_clear(s)
        ORDER BY s.next_attempt_at LIMIT v_limit FOR UPDATE OF s SKIP LOCKED),
  picked AS (
    SELECT c.id, c.state FROM (SELECT * FROM queued_rows UNION ALL SELECT * FROM due_rows) c ORDER BY c.id LIMIT v_limit),
  taken AS (
    UPDATE feed_desk.submissions u SET state = 'sending', updated_at = now(), attempts = u.attempts + 1,
        sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_next_owner,
        lease_expires_at = now() + v_ms * interval '1 millisecond'
      FROM picked p WHERE u.id = p.id
      RETURNING u AS r, p.state AS from_state),
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
        SELECT h.id, h.from_state, h.to_state, h.actor, h.note FROM (
          SELECT w.n AS ord, w.id, w.from_state, CASE WHEN w.act = 'settle' THEN w.state ELSE w.from_state END AS to_state,
              feed_desk.desk_actor(CASE WHEN w.act = 'settle' AND w.from_state = 'sending' THEN NULL
                ELSE 'late answer' END) AS actor,
              CASE WHEN w.act = 'late' THEN 'An earlier send finally answered: ' || CASE WHEN w.state = 'accepted'
                THEN 'accepted with recordid ' || w.recordid ELSE w.state || ': ' || coalesce(w.message, '') END END AS note
            FROM what w WHERE w.act <> 'same'
          UNION ALL
          SELECT 101 + (t.r).id, (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL), NULL
            FROM taken t) h ORDER BY h.ord),
      answer AS (
        SELECT false AS is_next, w.n AS ord, coalesce(st.r, w.r) AS r,
            w.act = 'settle' AND w.state = 'accepted' AS sup
          FROM what w LEFT JOIN settled st ON (st.r).id = w.id
        UNION ALL
        SELECT true, (t.r).id, t.r, false FROM taken t)
    SELECT array_agg(a.is_next ORDER BY a.is_next, a.ord), array_agg(a.r ORDER BY a.is_next, a.ord),
        array_agg((a.r).id) FILTER (WHERE a.sup)
      INTO v_next, v_rows, v_accepted FROM answer a;
  ELSE 
    WITH input AS (SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)),
      cur AS (SELECT i.*, s AS r, s.state AS from_state,
          coalesce(s.lease_owner = session_user || chr(31) || i.owner AND s.claim_token = i.claim, false) AS mine
        FROM input i JOIN feed_desk.submissions s ON s.id = i.id),
      what AS (SELECT c.*, CASE
          WHEN c.mine AND c.from_state = c.state AND (c.r).lease_expires_at IS NULL
            AND (c.state <> 'accepted' OR (c.r).recordid = c.recordid) THEN 'same'
          WHEN NOT c.mine OR c.from_state NOT IN ('sending') THEN 'late'
          ELSE 'settle' END AS act FROM cur c),
      settled AS (
        UPDATE feed_desk.submissions u SET state = w.state, updated_at = now(), lease_expires_at = NULL,
            finished_at = CASE WHEN w.state = 'failed' THEN NULL ELSE now() END,
            http_status = w.http, message = w.message,
            recordid = CASE WHEN w.state = 'accepted' THEN w.recordid ELSE u.recordid END,
            error_code = CASE WHEN w.state = 'accepted' THEN NULL ELSE w.code END,
            error_fields = CASE WHEN w.state = 'accepted' THEN NULL ELSE w.fields END,
            next_attempt_at = CASE WHEN w.state = 'accepted' THEN u.next_attempt_at ELSE w.next_attempt_at END
          FROM what w WHERE u.id = w.id AND w.act = 'settle'
          RETURNING u AS r),
      
  -- Queued rows from the index of queued rows, failed rows from the retry index up to now: no row
  -- waiting for a person or for its retry is read.
  queued_rows AS MATERIALIZED (
      SELECT s.id, s.state FROM feed_desk.submissions s
        WHERE s.state = 'queued'
          AND s.operator = session_user
          AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
          AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
          AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        ORDER BY s.id LIMIT v_limit FOR UPDATE OF s SKIP LOCKED),
  due_rows AS MATERIALIZED (
      SELECT s.id, s.state FROM feed_desk.submissions s
        WHERE s.state = 'failed' AND s.next_attempt_at <= now()
          AND s.operator = session_user
          AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
          AND (s.batch_id IS NULL OR NOT EXISTS (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
          AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
          AND NOT EXISTS (SELECT 1 FROM what w WHERE w.act = 'settle' AND w.state = 'accepted'
          AND (s.id = (w.r).corrects OR ((w.r).kind = 'entry' AND (w.r).policy <> '' AND s.kind = 'entry'
            AND s.profile = (w.r).profile AND s.policy = (w.r).policy))) AND feed_desk.retry_clear(s)
        ORDER BY s.next_attempt_at LIMIT v_limit FOR UPDATE OF s SKIP LOCKED),
  picked AS (
    SELECT c.id, c.state FROM (SELECT * FROM queued_rows UNION ALL SELECT * FROM due_rows) c ORDER BY c.id LIMIT v_limit),
  taken AS (
    UPDATE feed_desk.submissions u SET state = 'sending', updated_at = now(), attempts = u.attempts + 1,
        sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || p_next_owner,
        lease_expires_at = now() + v_ms * interval '1 millisecond'
      FROM picked p WHERE u.id = p.id
      RETURNING u AS r, p.state AS from_state),
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
        SELECT h.id, h.from_state, h.to_state, h.actor, h.note FROM (
          SELECT w.n AS ord, w.id, w.from_state, CASE WHEN w.act = 'settle' THEN w.state ELSE w.from_state END AS to_state,
              feed_desk.desk_actor(CASE WHEN w.act = 'settle' AND w.from_state = 'sending' THEN NULL
                ELSE 'late answer' END) AS actor,
              CASE WHEN w.act = 'late' THEN 'An earlier send finally answered: ' || CASE WHEN w.state = 'accepted'
                THEN 'accepted with recordid ' || w.recordid ELSE w.state || ': ' || coalesce(w.message, '') END END AS note
            FROM what w WHERE w.act <> 'same'
          UNION ALL
          SELECT 101 + (t.r).id, (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL), NULL
            FROM taken t) h ORDER BY h.ord),
      answer AS (
        SELECT false AS is_next, w.n AS ord, coalesce(st.r, w.r) AS r,
            w.act = 'settle' AND w.state = 'accepted' AS sup
          FROM what w LEFT JOIN settled st ON (st.r).id = w.id
        UNION ALL
        SELECT true, (t.r).id, t.r, false FROM taken t)
    SELECT array_agg(a.is_next ORDER BY a.is_next, a.ord), array_agg(a.r ORDER BY a.is_next, a.ord),
        array_agg((a.r).id) FILTER (WHERE a.sup)
      INTO v_next, v_rows, v_accepted FROM answer a;
  END IF;
  -- An accepted outcome supersedes the rows it corrects and its failed or rejected twins.
  IF v_accepted IS NOT NULL THEN
    PERFORM feed_desk.supersede(s, feed_desk.desk_actor(NULL)) FROM feed_desk.submissions s
      WHERE s.id = ANY (v_accepted) AND (s.corrects IS NOT NULL OR (s.kind = 'entry' AND s.policy <> ''
        AND EXISTS (SELECT 1 FROM feed_desk.submissions t WHERE t.profile = s.profile AND t.kind = 'entry'
          AND t.policy = s.policy AND t.state IN ('rejected', 'failed') AND t.id <> s.id)))
      ORDER BY s.id;
  END IF;
  RETURN QUERY SELECT v_next[i], v_rows[i] FROM generate_subscripts(v_rows, 1) AS i ORDER BY i;
END $$;
