-- Settled rows created more than p_days days ago, and batch rows left out as long ago.
CREATE OR REPLACE FUNCTION feed_desk.remove_personal(p_days integer, p_extra text[])
RETURNS integer LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_row feed_desk.submissions; v_count integer := 0;
BEGIN
  FOR v_row IN SELECT * FROM feed_desk.submissions
      WHERE personal_removed_at IS NULL AND created_at < now() - p_days * interval '1 day'
        AND state IN ('accepted', 'rejected', 'discarded', 'superseded')
      ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    PERFORM feed_desk.strip_personal(v_row, format('personal details removed under the %s-day rule', p_days), p_extra);
    v_count := v_count + 1;
  END LOOP;
  UPDATE feed_desk.batch_rows b SET payload = feed_desk.blank_personal(b.payload),
      errors = feed_desk.scrub_fields(b.errors, feed_desk.personal_values(b.payload))
    WHERE b.recorded_at < now() - p_days * interval '1 day' AND EXISTS
      (SELECT 1 FROM json_each_text(b.payload) e WHERE e.key = ANY (feed_desk.personal_fields()) AND e.value <> '');
  RETURN v_count;
END $$;
