import { createHash } from 'node:crypto';
import type pg from 'pg';
import { userInfo } from 'node:os';
import type { HistoryRow, SubmissionRow } from '@shared/journal/types';
import { payloadHash } from './payload-hash';
import { createSqliteStore } from './sqlite/store';
import type { JournalStore } from './store';
import type { OfficeConnectOptions, OfficeConnection } from './postgres/connection/connect';
import { AUDIT_INSERT } from './postgres/schema/names';
import { connectAsOwner } from './office/owner-session';
import { requireCurrent, schemaVersion } from './postgres/schema/version';

/** One local row with its history, as an import takes it. */
export interface LocalRow {
  row: SubmissionRow;
  history: HistoryRow[];
}

/** What to import: a local journal file, an open store, or rows with their history. */
export type LocalSource = string | JournalStore | Iterable<LocalRow> | AsyncIterable<LocalRow>;

/** How many rows were copied now, and how many were there already from an earlier import. */
export interface ImportResult {
  imported: number;
  skipped: number;
}

/** Whose desk the file is (its OS user by default), as the imported rows name it. */
export interface ImportLocalOptions {
  from?: string;
}

const BATCH = 250;

/** What a desk file says, shown as its claim: `sam (imported from clara's desk)`. */
export const claimed = (who: string, desk: string) => `${who} (imported from ${desk}'s desk)`;

/**
 * Copies a local journal's submissions and their history into the office journal, with their
 * provenance: a desk file is anyone's to edit, so its operators and history actors arrive as
 * claims (`sam (imported from clara's desk)`), review marks are not imported, and each row gets a
 * history line by the importing account. States and times are kept. Idempotent: each row carries
 * a `source` key (local id + a digest of what never changes about it), unique in the office
 * journal, so running it twice copies nothing twice. Run with the owner account. Rows that were
 * sending locally arrive without a lease, so the next sweep makes them unknown for a person to check.
 */
export async function importLocal(
  source: LocalSource,
  owner: string | OfficeConnection | OfficeConnectOptions,
  options: ImportLocalOptions = {},
): Promise<ImportResult> {
  const desk = options.from ?? userInfo().username;
  const opened = typeof source === 'string' ? createSqliteStore(source, userInfo().username) : undefined;
  try {
    return await connectAsOwner(owner, async (client) => {
      requireCurrent(await schemaVersion(client), 'in this database');
      // Said before the first row is copied: rows committed by a run that breaks off are in the audit too.
      await client.query(AUDIT_INSERT, ['desk history import started', `from ${desk}'s desk`]);
      const result: ImportResult = { imported: 0, skipped: 0 };
      let batch: LocalRow[] = [];
      const flush = async () => {
        const inserted = await insertBatch(client, batch, desk);
        result.imported += inserted;
        result.skipped += batch.length - inserted;
        batch = [];
      };
      for await (const item of rowsOf(opened ?? (source as Exclude<LocalSource, string>))) {
        batch.push(item);
        if (batch.length >= BATCH) await flush();
      }
      if (batch.length) await flush();
      await client.query(AUDIT_INSERT, [
        'desk history brought in',
        `from ${desk}'s desk: ${result.imported} copied, ${result.skipped} already there`,
      ]);
      return result;
    });
  } finally {
    await opened?.close();
  }
}

function isStore(source: unknown): source is JournalStore {
  return (
    typeof (source as JournalStore).iterate === 'function' && typeof (source as JournalStore).history === 'function'
  );
}

async function* rowsOf(source: Exclude<LocalSource, string>): AsyncGenerator<LocalRow> {
  if (!isStore(source)) {
    yield* source;
    return;
  }
  for await (const row of source.iterate({ sort: 'id', direction: 'asc' })) {
    yield { row, history: await source.history(row.id) };
  }
}

/** The import key of a local row: never changes for that row, whatever is renamed or resolved later. */
function sourceKey(row: SubmissionRow): string {
  const hash = payloadHash(row.kind, row.payload);
  const digest = createHash('sha256')
    .update([row.id, row.createdAt, row.operator, row.kind, hash].join('\u001f'))
    .digest('hex');
  return `local/${row.id}/${digest.slice(0, 32)}`;
}

/** Inserts the rows not imported before and their history, in one transaction; returns how many were new. */
async function insertBatch(client: pg.Client, batch: LocalRow[], desk: string): Promise<number> {
  const rows = batch.map(({ row: r }, seq) => ({
    ...r,
    operator: claimed(r.operator, desk),
    seq,
    source: sourceKey(r),
    payloadHash: payloadHash(r.kind, r.payload),
    payload: JSON.stringify(r.payload),
    errorFields: r.errorFields && JSON.stringify(r.errorFields),
  }));
  const history = batch.flatMap(({ row, history }, i) =>
    history.map((h, seq) => ({ ...h, actor: claimed(h.actor, desk), source: rows[i]?.source ?? sourceKey(row), seq })),
  );
  await client.query('BEGIN');
  try {
    await client.query("SET LOCAL feed_desk.quiet = 'on'"); // no announcement per imported row
    const inserted = await client.query<{ source: string }>(INSERT_ROWS, [JSON.stringify(rows)]);
    const sources = inserted.rows.map((r) => r.source);
    if (sources.length) {
      await client.query(INSERT_HISTORY, [JSON.stringify(history), sources]);
      await client.query(NOTE_IMPORT, [sources, `imported from ${desk}'s desk file`]);
    }
    await client.query('COMMIT');
    return sources.length;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

const INSERT_ROWS = `
INSERT INTO feed_desk.submissions (source, kind, profile, operator, payload, payload_hash, reference, policy,
    surname, postcode, original_recordid, state, attempts, claim_token, http_status, recordid, message, error_code,
    error_fields, next_attempt_at, created_at, updated_at, queued_at, sending_at, finished_at)
  SELECT source, kind, profile, operator, payload::json, "payloadHash", reference, policy, surname, postcode,
      "originalRecordid", state, attempts, coalesce(claim, 0), "httpStatus", recordid, message, "errorCode", "errorFields"::json,
      "nextAttemptAt", "createdAt", "updatedAt", "createdAt", "sendingAt", "finishedAt"
    FROM json_to_recordset($1::json) AS x(seq integer, source text, kind text, profile text, operator text, payload text,
      "payloadHash" text, reference text, policy text, surname text, postcode text, "originalRecordid" bigint,
      state text, attempts integer, claim integer, "httpStatus" integer, recordid bigint, message text, "errorCode" text,
      "errorFields" text, "nextAttemptAt" timestamptz, "createdAt" timestamptz, "updatedAt" timestamptz,
      "sendingAt" timestamptz, "finishedAt" timestamptz)
    ORDER BY seq
  ON CONFLICT (source) DO NOTHING
  RETURNING source`;

const INSERT_HISTORY = `
INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, at, note)
  SELECT s.id, h."fromState", h."toState", h.actor, h.at, h.note
    FROM json_to_recordset($1::json) AS h(source text, seq integer, "fromState" text, "toState" text,
      actor text, at timestamptz, note text)
    JOIN feed_desk.submissions s ON s.source = h.source
    WHERE h.source = ANY ($2::text[])
    ORDER BY s.id, h.seq`;

/** The import itself, on each new row's history: by the importing account, now. */
const NOTE_IMPORT = `
INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
  SELECT s.id, s.state, s.state, session_user, $2 FROM feed_desk.submissions s
    WHERE s.source = ANY ($1::text[]) ORDER BY s.id`;
