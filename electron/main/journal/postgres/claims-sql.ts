import { BATCH_LIMIT } from './batch-sending-sql';
import { CHANGE_CHANNEL } from './people-sql';
import { DUE } from './security-sql';
import { DEFINER } from './sending-sql';

/**
 * Migration 14: a clerk's due rows are found without walking everyone's (an index per operator),
 * and history announces once per statement (the ids it added), not once per row.
 */
export const CLAIMS_MIGRATION_SQL = `
CREATE INDEX submissions_due_operator ON feed_desk.submissions (operator, id) WHERE state IN ('queued', 'failed');
DROP TRIGGER history_announce ON feed_desk.history;
CREATE TRIGGER history_announce AFTER INSERT ON feed_desk.history REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION feed_desk.announce();
`;

/** The claim check of a too-short lease or a limit out of range, as migration 6 words it. */
const LIMIT_CHECK = (limit: string) => `
  IF ${limit} IS NULL OR ${limit} < 0 OR ${limit} > ${BATCH_LIMIT} THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('A claim takes 0 to ${BATCH_LIMIT} rows, not %s', coalesce(${limit}::text, 'none'));
  END IF;`;

/**
 * The CTEs `picked` (due rows, id order, skipping rows another desk holds) and `taken` (them, now
 * sending under the lease; `r` the row, `from_state` what it was). `who` limits whose rows
 * (session_user's own for a clerk); `spare` excludes more rows. A failed row due for retry asks the
 * duplicate question first (retry_clear), last, so only rows otherwise due pay for it.
 */
const claimCtes = (who: string, owner: string, limit: string, spare = 'true') => `
  picked AS (
    SELECT s.id, s.state FROM feed_desk.submissions s
      WHERE ${DUE}
        AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
        AND ${who} AND ${spare} AND (s.state <> 'failed' OR feed_desk.retry_clear(s))
      ORDER BY s.id LIMIT ${limit} FOR UPDATE OF s SKIP LOCKED),
  taken AS (
    UPDATE feed_desk.submissions u SET state = 'sending', updated_at = now(), attempts = u.attempts + 1,
        sending_at = now(), next_attempt_at = NULL, lease_owner = session_user || chr(31) || ${owner},
        lease_expires_at = now() + v_ms * interval '1 millisecond'
      FROM picked p WHERE u.id = p.id
      RETURNING u AS r, p.state AS from_state)`;

const MINE = `s.operator = session_user`;

/** claim_due's statement for rows `who` may send. */
const claimDue = (who: string) => `
    RETURN QUERY WITH ${claimCtes(who, 'p_owner', 'p_limit')},
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor)
        SELECT (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL) FROM taken t ORDER BY (t.r).id)
    SELECT (t.r).* FROM taken t ORDER BY (t.r).id;`;

/** The outcomes as rows, in the order given (`n`). */
const OUTCOMES = `SELECT o.n, x.id, x.owner, x.claim, x.state, x.recordid, x.code, x.message, x.http,
        CASE WHEN json_typeof(x.fields) = 'object' THEN x.fields END AS fields, x.next_attempt_at
      FROM json_array_elements(p_outcomes) WITH ORDINALITY AS o(v, n),
        json_to_record(o.v) AS x(id bigint, owner text, claim integer, state text, recordid bigint, code text, message text,
          http integer, fields json, next_attempt_at timestamptz)`;

/**
 * record_outcomes' statement: every outcome settled (or noted as a late answer, or found recorded
 * already), the next rows claimed, and all their history in one insert. A failed row that an
 * accepted outcome here supersedes is not claimed (it is superseded right after). An outcome is the
 * row's only while the row is held under its owner *and* the claim it names (fencing); an `unknown`
 * row is settled by a late answer only on a supervisor's desk (`unknownSettles`), since resolving
 * an unknown is a supervisor's act.
 */
const recordStatement = (who: string, unknownSettles: boolean) => `
    WITH input AS (${OUTCOMES}),
      cur AS (SELECT i.*, s AS r, s.state AS from_state,
          coalesce(s.lease_owner = session_user || chr(31) || i.owner AND s.claim_token = i.claim, false) AS mine
        FROM input i JOIN feed_desk.submissions s ON s.id = i.id),
      what AS (SELECT c.*, CASE
          WHEN c.mine AND c.from_state = c.state AND (c.r).lease_expires_at IS NULL
            AND (c.state <> 'accepted' OR (c.r).recordid = c.recordid) THEN 'same'
          WHEN NOT c.mine OR c.from_state NOT IN (${unknownSettles ? "'sending', 'unknown'" : "'sending'"}) THEN 'late'
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
      ${claimCtes(
        who,
        'p_next_owner',
        'v_limit',
        `NOT (s.state = 'failed' AND EXISTS (SELECT 1 FROM what w WHERE w.act = 'settle' AND w.state = 'accepted'
          AND (s.id = (w.r).corrects OR ((w.r).kind = 'entry' AND (w.r).policy <> '' AND s.kind = 'entry'
            AND s.profile = (w.r).profile AND s.policy = (w.r).policy))))`,
      )},
      noted AS (INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
        SELECT h.id, h.from_state, h.to_state, h.actor, h.note FROM (
          SELECT w.n AS ord, w.id, w.from_state, CASE WHEN w.act = 'settle' THEN w.state ELSE w.from_state END AS to_state,
              feed_desk.desk_actor(CASE WHEN w.act = 'settle' AND w.from_state = 'sending' THEN NULL
                ELSE 'late answer' END) AS actor,
              CASE WHEN w.act = 'late' THEN 'An earlier send finally answered: ' || CASE WHEN w.state = 'accepted'
                THEN 'accepted with recordid ' || w.recordid ELSE w.state || ': ' || coalesce(w.message, '') END END AS note
            FROM what w WHERE w.act <> 'same'
          UNION ALL
          SELECT ${BATCH_LIMIT + 1} + (t.r).id, (t.r).id, t.from_state, 'sending', feed_desk.desk_actor(NULL), NULL
            FROM taken t) h ORDER BY h.ord),
      answer AS (
        SELECT false AS is_next, w.n AS ord, coalesce(st.r, w.r) AS r,
            w.act = 'settle' AND w.state = 'accepted' AS sup
          FROM what w LEFT JOIN settled st ON (st.r).id = w.id
        UNION ALL
        SELECT true, (t.r).id, t.r, false FROM taken t)
    SELECT array_agg(a.is_next ORDER BY a.is_next, a.ord), array_agg(a.r ORDER BY a.is_next, a.ord),
        array_agg((a.r).id) FILTER (WHERE a.sup)
      INTO v_next, v_rows, v_accepted FROM answer a;`;

/**
 * The current definitions of the sending functions (applied after the migrations, so an office
 * database made by any earlier version gets them): claim_due and record_outcomes each do their
 * set work in one statement, with the checks of migration 3 (a clerk claims and records only
 * their own rows), the duplicate question of migration 9 for automatic retries, and supersede.
 */
export const CLAIMS_SQL = `
-- A failed row due for an automatic retry may be sent again: its duplicate-guard keys are free (else
-- it is skipped, never waited for) and no row it would repeat exists (else it is held: it stays
-- failed with no retry, and its history names that row). Called in a claim's scan, before the row is locked.
CREATE OR REPLACE FUNCTION feed_desk.retry_clear(p_row feed_desk.submissions)
RETURNS boolean LANGUAGE plpgsql VOLATILE COST 10000 SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_twin feed_desk.submissions;
BEGIN
  IF NOT feed_desk.lock_twin_keys(p_row, false) THEN RETURN false; END IF;
  v_twin := feed_desk.send_twin(p_row);
  -- An earlier failed row of the same policy, also due: one claim statement could take both (neither
  -- sees the other sending), so the later one waits for a person, as it would once the earlier is sent.
  IF v_twin.id IS NULL AND p_row.kind = 'entry' AND p_row.policy <> '' THEN
    SELECT * INTO v_twin FROM feed_desk.submissions o
      WHERE o.profile = p_row.profile AND o.kind = 'entry' AND o.policy = p_row.policy AND o.state = 'failed'
        AND o.next_attempt_at IS NOT NULL AND o.next_attempt_at <= now() AND o.id < p_row.id
      ORDER BY o.id LIMIT 1;
  END IF;
  IF v_twin.id IS NULL THEN RETURN true; END IF;
  UPDATE feed_desk.submissions SET next_attempt_at = NULL, updated_at = now()
    WHERE id = (SELECT id FROM feed_desk.submissions WHERE id = p_row.id AND state = 'failed' FOR UPDATE SKIP LOCKED);
  IF FOUND THEN
    PERFORM feed_desk.note_history(p_row.id, 'failed', 'failed', feed_desk.desk_actor(NULL),
      'held: possible duplicate of #' || v_twin.id);
  END IF;
  RETURN false;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim_due(p_owner text, p_ms integer, p_entries text[], p_cancellations text[],
  p_limit integer)
RETURNS SETOF feed_desk.submissions ${DEFINER} SET enable_sort = off SET enable_bitmapscan = off SET jit = off AS $$
DECLARE v_ms integer := feed_desk.lease_ms(p_ms);
BEGIN
  ${LIMIT_CHECK('p_limit')}
  IF p_limit = 0 THEN RETURN; END IF;
  IF feed_desk.is_supervisor() THEN ${claimDue('true')}
  ELSE ${claimDue(MINE)}
  END IF;
END $$;

-- Each element: {"id", "owner", "claim", "state", "recordid", "code", "message", "http", "fields",
-- "next_attempt_at"}. Only the claim an outcome names, held by this database user under that owner,
-- is settled (fencing); an outcome of any other claim is a late answer, noted in the history, and
-- never refuses the rest of the call. A missing owner or claim, or a row named twice, refuses the
-- call. A clerk records only for rows the clerk queued or holds. Recording the same outcome twice
-- (a commit whose acknowledgement was lost) changes nothing. With p_next_owner, claims the next rows too.
CREATE OR REPLACE FUNCTION feed_desk.record_outcomes(p_outcomes json, p_next_owner text, p_next_ms integer,
  p_entries text[], p_cancellations text[], p_next_limit integer)
RETURNS TABLE (is_next boolean, submission feed_desk.submissions) ${DEFINER} SET enable_sort = off
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
  IF json_typeof(p_outcomes) IS DISTINCT FROM 'array' OR json_array_length(p_outcomes) > ${BATCH_LIMIT} THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'Outcomes come as an array of at most ${BATCH_LIMIT}';
  END IF;
  IF p_next_owner IS NOT NULL THEN
    v_ms := feed_desk.lease_ms(p_next_ms);
    v_limit := p_next_limit;
    ${LIMIT_CHECK('v_limit')}
  END IF;
  -- Every row locked, then the first outcome that may not be recorded refused (nothing changes).
  SELECT i.n, i.id, i.state, i.owner, i.claim, s.id AS row_id,
      EXISTS (SELECT 1 FROM (${OUTCOMES}) e WHERE e.id = i.id AND e.n < i.n) AS twice INTO v_bad
    FROM (${OUTCOMES}) i
    LEFT JOIN LATERAL (SELECT x.* FROM feed_desk.submissions x WHERE x.id = i.id FOR UPDATE) s ON true
    WHERE i.state IS NULL OR i.state NOT IN ('accepted', 'rejected', 'failed', 'unknown') OR s.id IS NULL
      OR i.owner IS NULL OR i.owner = '' OR i.claim IS NULL OR i.claim < 1
      OR EXISTS (SELECT 1 FROM (${OUTCOMES}) e WHERE e.id = i.id AND e.n < i.n)
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
  IF v_anyone THEN ${recordStatement('true', true)}
  ELSE ${recordStatement(MINE, false)}
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

-- The ids a statement added history for, announced once at commit (in parts under NOTIFY's 8,000
-- bytes); an import as the owner sets feed_desk.quiet to skip it, and a clerk cannot.
CREATE OR REPLACE FUNCTION feed_desk.announce()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp SET enable_sort = on SET jit = off AS $$
BEGIN
  IF coalesce(current_setting('feed_desk.quiet', true), '') <> 'on'
      OR NOT pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER') THEN
    PERFORM pg_notify('${CHANGE_CHANNEL}', string_agg(id::text, ',' ORDER BY id))
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 300 AS part
        FROM (SELECT DISTINCT submission_id AS id FROM added) d) ids GROUP BY part;
  END IF;
  RETURN NULL;
END $$;
`;
