import { ADMIN_SQL } from './admin-sql';
import { BATCH_RETRY_SQL } from './batch-retry-sql';
import { BATCH_ROWS_SQL } from './batch-rows-sql';
import { BATCH_SENDING_SQL } from './batch-sending-sql';
import { BATCHES_SQL } from './batches-sql';
import { CLAIMS_MIGRATION_SQL, CLAIMS_SQL } from './claims-sql';
import { QUEUE_BATCH_SQL } from './queue-batch-sql';
import { DRAFT_LINK_SQL } from './draft-link-sql';
import { FENCING_SQL } from './fencing-sql';
import { PEOPLE_SQL } from './people-sql';
import { PRIVACY_SQL } from './privacy-sql';
import { REVISION_SQL } from './revision-sql';
import { SCHEMA_SQL } from './schema-sql';
import { SECURITY_SQL } from './security-sql';
import { SENDING_SQL } from './sending-sql';
import { SUPERSEDE_SQL } from './supersede-sql';
import { TWINS_SQL } from './twins-sql';
import { UNCLAIM_SQL } from './unclaim-sql';
import { GUARD_WAITS_SQL } from './waits-sql';

/**
 * Numbered migrations of the office journal; index i brings schema version i to i + 1, recorded
 * in feed_desk.schema_version. Never edit a shipped one: add the next.
 */
export const PG_MIGRATIONS: readonly string[] = [
  SCHEMA_SQL + SENDING_SQL + PEOPLE_SQL,
  BATCHES_SQL,
  SECURITY_SQL,
  BATCH_ROWS_SQL,
  SUPERSEDE_SQL,
  BATCH_SENDING_SQL,
  ADMIN_SQL,
  PRIVACY_SQL,
  DRAFT_LINK_SQL,
  GUARD_WAITS_SQL,
  TWINS_SQL + BATCH_RETRY_SQL,
  UNCLAIM_SQL,
  REVISION_SQL,
  CLAIMS_MIGRATION_SQL,
  FENCING_SQL,
];

/** The bookkeeping table, created before the first migration. */
export const VERSION_TABLE_SQL = `
CREATE SCHEMA IF NOT EXISTS feed_desk;
CREATE TABLE IF NOT EXISTS feed_desk.schema_version (
  version integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL DEFAULT session_user
);
`;

/**
 * Steps applied on every init after the migrations (idempotent): the current definitions of
 * functions (claims-sql.ts), the duplicate guard's bounded
 * waits (waits-sql.ts), and the trigram index for free text, once pg_trgm is installed (office
 * init installs it when the owner may).
 */
export const ENSURE_SQL = `${CLAIMS_SQL}
${QUEUE_BATCH_SQL}
${GUARD_WAITS_SQL}
DO $$
DECLARE ops text;
BEGIN
  SELECT pg_catalog.quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ops IS NOT NULL THEN
    EXECUTE pg_catalog.format('CREATE INDEX IF NOT EXISTS submissions_text ON feed_desk.submissions USING gin '
      '((reference || chr(31) || surname || chr(31) || policy || chr(31) || postcode) %1$s)', ops);
  END IF;
END $$;
`;
