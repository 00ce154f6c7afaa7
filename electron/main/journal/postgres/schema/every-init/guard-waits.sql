-- Bounded waits of the duplicate guard, whatever the session: every journal function that takes an
-- advisory lock (feed_desk.queue, feed_desk.queue_batch, and any later one) waits at most 5 s for it
-- (lock_timeout), and runs only in a READ COMMITTED transaction: its duplicate check must see what
-- the holder of the lock committed, so in a transaction at another isolation (a pooler that dropped
-- the desk's session settings, a database default) it fails at once (25001) instead of letting a
-- duplicate through. First applied by migration 10; applied again after the functions on every init,
-- so a function replaced there keeps them.
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_catalog.pg_proc p
      JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'feed_desk' AND p.prosrc LIKE '%pg_advisory_xact_lock%' LOOP
    EXECUTE pg_catalog.format('ALTER FUNCTION %s SET lock_timeout = %L', f, '5s');
    EXECUTE pg_catalog.format('ALTER FUNCTION %s SET transaction_isolation = %L', f, 'read committed');
  END LOOP;
END $$;
