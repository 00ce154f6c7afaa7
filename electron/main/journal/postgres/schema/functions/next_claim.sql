CREATE OR REPLACE FUNCTION feed_desk.next_claim() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.claim_token := OLD.claim_token + 1;
  RETURN NEW;
END $$;
