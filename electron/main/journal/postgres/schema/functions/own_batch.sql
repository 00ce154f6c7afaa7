-- The batch, locked, if the caller may act on it (its creator, or a supervisor).
CREATE OR REPLACE FUNCTION feed_desk.own_batch(p_batch bigint)
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
