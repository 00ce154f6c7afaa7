CREATE OR REPLACE FUNCTION feed_desk.renew_leases(p_owner text, p_ms integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE v_ms integer := feed_desk.lease_ms(p_ms);
BEGIN
  UPDATE feed_desk.submissions SET lease_expires_at = now() + v_ms * interval '1 millisecond'
    WHERE state = 'sending' AND lease_owner = session_user || chr(31) || p_owner;
END $$;
