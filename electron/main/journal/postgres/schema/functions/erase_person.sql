CREATE OR REPLACE FUNCTION feed_desk.erase_person(p_ids bigint[], p_reason text, p_extra text[] DEFAULT '{}')
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_id bigint; v_row feed_desk.submissions; v_count integer := 0; v_reason text := btrim(p_reason);
  v_extra text[];
BEGIN
  PERFORM feed_desk.require_supervisor('find, export and erase a person''s data');
  v_extra := feed_desk.personal_extra(p_extra);
  IF coalesce(length(v_reason), 0) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'An erasure needs a reason of 1 to 500 characters (it is kept in the history)';
  END IF;
  FOR v_id IN SELECT DISTINCT u FROM unnest(p_ids) u ORDER BY u LOOP
    SELECT * INTO v_row FROM feed_desk.submissions WHERE id = v_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', v_id);
    END IF;
    IF v_row.state NOT IN ('accepted', 'rejected', 'discarded', 'superseded') THEN
      RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('Journal entry %s is %s: it may still be sent, '
        'so its details cannot be erased yet (resolve or discard it first)', v_id, v_row.state);
    END IF;
    PERFORM feed_desk.strip_left_out(v_row.payload);
    PERFORM feed_desk.strip_personal(v_row, 'personal details erased: ' || v_reason, v_extra);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;
