-- Migration 2 of the office journal (schema 1 to 2), as it shipped.
-- Bulk imports. A batch is one file's rows for one profile, found again by the file's
-- content hash; each of its rows remembers its row number in the file, once. Clerks open, queue,
-- pause, discard the unsent rows of and retry their own batches through these functions; a
-- supervisor may act on anyone's. claim_next skips the rows of paused batches.
--
-- Frozen: never edit this file (its checksum is tested); change the schema in the next migration,
-- and a function in ../functions/.

CREATE TABLE feed_desk.batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile text NOT NULL,
  file_name text NOT NULL,
  content_hash text NOT NULL,
  operator text NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT now(),
  file_rows integer NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  UNIQUE (profile, content_hash)
);
ALTER TABLE feed_desk.submissions ADD COLUMN batch_id bigint REFERENCES feed_desk.batches (id);
ALTER TABLE feed_desk.submissions ADD COLUMN batch_row integer;
CREATE UNIQUE INDEX submissions_batch_row ON feed_desk.submissions (batch_id, batch_row) WHERE batch_id IS NOT NULL;

CREATE FUNCTION feed_desk.open_batch(p_profile text, p_file_name text, p_hash text, p_rows integer)
RETURNS SETOF feed_desk.batches LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  INSERT INTO feed_desk.batches (profile, file_name, content_hash, file_rows)
    VALUES (p_profile, p_file_name, p_hash, p_rows) ON CONFLICT (profile, content_hash) DO NOTHING;
  RETURN QUERY SELECT * FROM feed_desk.batches WHERE profile = p_profile AND content_hash = p_hash;
END $$;

-- The batch, locked, if the caller may act on it (its creator, or a supervisor).
CREATE FUNCTION feed_desk.own_batch(p_batch bigint)
RETURNS feed_desk.batches LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_batch feed_desk.batches;
BEGIN
  SELECT * INTO v_batch FROM feed_desk.batches WHERE id = p_batch FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No batch %s in the journal', p_batch);
  END IF;
  IF v_batch.operator <> session_user AND NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('Batch %s is %s''s: only they or a supervisor act on it', p_batch, v_batch.operator);
  END IF;
  RETURN v_batch;
END $$;

-- Rows of a batch in one transaction (at most 250): a row number already in the batch is skipped
-- ('already'), else the duplicate check and the insert of feed_desk.queue. The chunk's advisory
-- locks (those feed_desk.queue takes per row) are taken first, all in one order, so two desks
-- queueing overlapping files wait for each other instead of deadlocking.
CREATE FUNCTION feed_desk.queue_batch(p_batch bigint, p_rows integer[], p_payloads json[], p_hashes text[],
  p_allow boolean[])
RETURNS TABLE (file_row integer, outcome text, submission_id bigint) LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
      FROM feed_desk.queue('entry', v_batch.profile, p_payloads[i], p_hashes[i], NULL, p_allow[i]) q;
    IF NOT v_dup THEN
      UPDATE feed_desk.submissions s SET batch_id = p_batch, batch_row = p_rows[i] WHERE s.id = v_id;
    END IF;
    outcome := CASE WHEN v_dup THEN 'duplicate' ELSE 'queued' END; submission_id := v_id; RETURN NEXT;
  END LOOP;
END $$;

CREATE FUNCTION feed_desk.set_batch_paused(p_batch bigint, p_paused boolean)
RETURNS SETOF feed_desk.batches LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.own_batch(p_batch);
  RETURN QUERY UPDATE feed_desk.batches SET paused = p_paused WHERE id = p_batch RETURNING *;
END $$;

-- 'discard': queued and failed rows become discarded; 'retry': failed rows are queued again. A
-- clerk settles only what needs no supervisor: discarding rows never sent (queued), retrying rows
-- still on automatic retry; a supervisor also discards or retries rows that stopped failing over.
CREATE FUNCTION feed_desk.settle_batch(p_batch bigint, p_action text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_row feed_desk.submissions;
  v_count integer := 0;
  v_discard boolean := p_action = 'discard';
  v_supervisor boolean := feed_desk.is_supervisor();
BEGIN
  IF p_action NOT IN ('discard', 'retry') THEN
    RAISE EXCEPTION 'not a batch action: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM feed_desk.own_batch(p_batch);
  FOR v_row IN SELECT * FROM feed_desk.submissions
      WHERE batch_id = p_batch
        AND CASE WHEN v_discard THEN state = 'queued' OR (state = 'failed' AND v_supervisor)
          ELSE state = 'failed' AND (v_supervisor OR next_attempt_at IS NOT NULL) END
      ORDER BY id FOR UPDATE LOOP
    IF v_discard THEN
      UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL,
          finished_at = now() WHERE id = v_row.id;
    ELSE
      UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
          queued_at = now(), lease_owner = NULL WHERE id = v_row.id;
    END IF;
    PERFORM feed_desk.note_history(v_row.id, v_row.state, CASE WHEN v_discard THEN 'discarded' ELSE 'queued' END,
      session_user, format(CASE WHEN v_discard THEN 'unsent row of batch %s discarded'
        ELSE 'failed row of batch %s retried' END, p_batch));
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.claim_next(p_owner text, p_ms integer, p_entries text[], p_cancellations text[])
RETURNS SETOF feed_desk.submissions LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  SELECT * INTO v_row FROM feed_desk.submissions s
    WHERE (s.state = 'queued' OR (s.state = 'failed' AND s.next_attempt_at <= now()))
      AND s.profile = ANY (p_entries) AND (s.kind = 'entry' OR s.profile = ANY (p_cancellations))
      AND NOT EXISTS (SELECT 1 FROM feed_desk.paused_profiles p WHERE p.profile = s.profile)
      AND (s.batch_id IS NULL OR NOT EXISTS
  (SELECT 1 FROM feed_desk.batches b WHERE b.id = s.batch_id AND b.paused))
    ORDER BY s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED;
  IF FOUND THEN
    v_row := feed_desk.take(v_row, p_owner, p_ms);
    RETURN NEXT v_row;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION feed_desk.rename_profile(p_from text, p_to text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  FOR v_row IN UPDATE feed_desk.submissions SET profile = p_to, updated_at = now()
      WHERE profile = p_from AND operator = session_user RETURNING * LOOP
    PERFORM feed_desk.note_history(v_row.id, v_row.state, v_row.state, session_user,
      format('profile renamed from %s to %s', p_from, p_to));
  END LOOP;
  UPDATE feed_desk.drafts SET profile = p_to WHERE profile = p_from AND db_user = session_user;
  UPDATE feed_desk.batches SET profile = p_to WHERE profile = p_from AND operator = session_user;
END $$;
