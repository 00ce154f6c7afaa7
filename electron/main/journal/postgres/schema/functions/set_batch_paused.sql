CREATE OR REPLACE FUNCTION feed_desk.set_batch_paused(p_batch bigint, p_paused boolean)
RETURNS SETOF feed_desk.batches LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM feed_desk.own_batch(p_batch);
  RETURN QUERY UPDATE feed_desk.batches SET paused = p_paused WHERE id = p_batch RETURNING *;
END $$;
