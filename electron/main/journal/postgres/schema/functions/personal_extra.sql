-- The cancellation fields to remove as personal: those named now (only extra fields' names, never one
-- of the six default fields) added to those named before, which the journal keeps.
CREATE OR REPLACE FUNCTION feed_desk.personal_extra(p_extra text[])
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
