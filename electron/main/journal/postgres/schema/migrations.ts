import m001 from './migrations/001-tables-sending-people.sql?raw';
import m002 from './migrations/002-batches.sql?raw';
import m003 from './migrations/003-security.sql?raw';
import m004 from './migrations/004-batch-rows.sql?raw';
import m005 from './migrations/005-supersede.sql?raw';
import m006 from './migrations/006-batch-sending.sql?raw';
import m007 from './migrations/007-admin-audit.sql?raw';
import m008 from './migrations/008-privacy.sql?raw';
import m009 from './migrations/009-draft-link.sql?raw';
import m010 from './migrations/010-guard-waits.sql?raw';
import m011 from './migrations/011-twins-batch-retry.sql?raw';
import m012 from './migrations/012-unclaim.sql?raw';
import m013 from './migrations/013-revision.sql?raw';
import m014 from './migrations/014-claims.sql?raw';
import m015 from './migrations/015-fencing.sql?raw';
import m016 from './migrations/016-queue-indexes.sql?raw';
import m017 from './migrations/017-update-feed.sql?raw';

/**
 * The numbered migrations of the office journal, one frozen file each (./migrations/NNN-name.sql,
 * never edited: schema-files.test.ts holds their checksums). Index i brings schema version i to
 * i + 1, recorded in feed_desk.schema_version. A change to the schema is the next file; a change
 * to a function is its file in ./functions/, applied on every init after the migrations.
 */
export const PG_MIGRATIONS: readonly string[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
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
