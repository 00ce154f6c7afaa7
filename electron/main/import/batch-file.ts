// What checking and queueing a file share: the request, opening the file as it says, finding its batch,
// and how a row repeating an earlier one is told.
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntryInput } from '@shared/entry/schema';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import { rememberMapping, type ColumnMapping, type RememberedMapping } from '@shared/import/columns';
import type { LineRepair } from '@shared/import/repairs';
import type { JournalState, SubmissionRow } from '@shared/journal/types';
import type { Core } from '../core/core';
import type { Batch } from '../journal/store';
import { readEntries } from './entries';
import { openProblem, TableReadError, type TableEncoding, type TableInfo } from './table';

/** Rows queued (and duplicates looked up) per journal transaction (the office journal takes at most 250). */
export const CHUNK = 200;
/** The most row problems, duplicates and changes an answer lists; the counts and the CSV files cover them all. */
export const LISTED = 2_000;

/** A file to import for a profile, with what the person decided so far. */
export interface ImportRequest {
  path: string;
  profile: string;
  /** The order of dates in the file (YYYY-MM-DD is always read too). */
  dateOrder: ScreenDateOrder;
  sheet?: string;
  /** The row of the headings (as a spreadsheet numbers it); found from the file when not given. */
  headerRow?: number;
  /** A CSV file's encoding; found from its first bytes when not given. */
  encoding?: TableEncoding;
  /** Column → field; by default matched by header name (and the profile's remembered choices). */
  mapping?: ColumnMapping;
  remembered?: RememberedMapping;
  /** Choices for headings given on the command line (heading key → field, or null: not imported). */
  given?: RememberedMapping;
  /** Rows a person corrected in place: row number → the whole corrected input. */
  fixes?: ReadonlyMap<number, EntryInput>;
  /** Repairs of line breaks in single-line fields a person chose (never applied otherwise). */
  repairs?: readonly LineRepair[];
  /** The batch this file continues (a corrected version of its file): its rows already queued are never sent again. */
  continueBatch?: number;
  /** Rows a person chose to send although they repeat an earlier submission. */
  sendDuplicates?: readonly number[];
  /** Send every row that repeats an earlier submission (the CLI's --allow-duplicate). */
  sendAllDuplicates?: boolean;
  /** The file's content hash when it was checked: queueing refuses a file that changed since. */
  checkedHash?: string;
  /** Data rows the check counted (recorded with a new batch). */
  fileRows?: number;
}

/** A valid row that repeats an earlier row of the file or an earlier submission in the journal. */
export interface RowDuplicate {
  row: number;
  line: number;
  reference: string;
  /** The earlier row of this file it repeats. */
  ofRow?: number;
  /** The journal row it repeats. */
  ofEntry?: { id: number; state: JournalState; recordid: number | null; operator: string; createdAt: string };
}

/** The journal row a duplicate repeats, as the screens show it. */
export const entryRef = (row: SubmissionRow): RowDuplicate['ofEntry'] => ({
  id: row.id,
  state: row.state,
  recordid: row.recordid,
  operator: row.operator,
  createdAt: row.createdAt,
});

/**
 * What finds a file's batch again: its content, and how it is read (sheet, columns, date order),
 * so the same file read another way is another batch, never taken for rows already sent.
 */
function batchKey(contentHash: string, info: TableInfo, mapping: ColumnMapping, req: ImportRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        contentHash,
        info.sheet ?? null,
        mapping,
        req.dateOrder,
        // Headings on another row than the first, or an encoding chosen: another reading (without them,
        // earlier batches' keys are kept).
        ...(info.headerRow !== 1 ? [info.headerRow] : []),
        ...(req.encoding && req.encoding !== 'auto' ? [req.encoding] : []),
      ]),
    )
    .digest('hex');
}

/** The refusal to queue a file that changed since it was checked. */
export const changed = () =>
  new TableReadError('The file changed since it was checked: check it again before sending.');

/** The profile of that name (a bug if missing: requests are checked before). */
export function profileOf(core: Core, name: string) {
  const profile = core.profiles.get(name);
  if (!profile) throw new Error(`No profile named ${name}`);
  return profile;
}

/** Opens the request's file for reading its entries as the request says (sheet, columns, dates, fixes, repairs). */
export async function openImport(core: Core, req: ImportRequest) {
  const profile = profileOf(core, req.profile);
  const opened = await readEntries(req.path, {
    rules: profile,
    mapping: req.mapping,
    remembered: req.remembered ?? profile.importColumns,
    given: req.given,
    dateOrder: req.dateOrder,
    sheet: req.sheet,
    headerRow: req.headerRow,
    encoding: req.encoding,
    fixes: req.fixes,
    repairs: req.repairs,
  });
  if (req.mapping && req.mapping.length !== opened.info.header.length) {
    throw new TableReadError(
      `The column choices are for ${req.mapping.length} columns but the file has ${opened.info.header.length}: check the file again`,
    );
  }
  return opened;
}

/** The batch a request continues, refused in words when it is not there or is another profile's. */
async function continued(core: Core, req: ImportRequest): Promise<Batch | undefined> {
  if (req.continueBatch === undefined) return undefined;
  const batch = await core.journal.batches.get(req.continueBatch);
  if (!batch || batch.profile !== req.profile)
    throw new TableReadError(`Batch ${req.continueBatch} is not an import for ${req.profile}: it cannot be continued.`);
  return batch;
}

/**
 * The file's content hash, its entries as the request reads them, and the batch key with its
 * earlier batch: the one the request continues, else an earlier import of the same content.
 */
export async function openBatchFile(core: Core, req: ImportRequest) {
  const profile = profileOf(core, req.profile);
  // The bytes checked are the bytes queued: a check copies the file into the data folder, and queueing
  // reads that copy, whatever happens to the file meanwhile (rows appended, overwritten, renamed).
  const kept = req.checkedHash ? snapshotPath(req.checkedHash) : undefined;
  const { path, hash: contentHash } = kept ? { path: kept, hash: req.checkedHash! } : await snapshot(req.path);
  const opened = await openImport(core, { ...req, path });
  const key = batchKey(contentHash, opened.info, opened.mapping, req);
  const earlier = (await continued(core, req)) ?? (await core.journal.batches.find(profile.name, key));
  return { profile, contentHash, key, ...opened, earlier };
}

/**
 * The latest batch of a file of the same name for the profile, imported by this journal user, that
 * is not `except`: a file corrected after an import is offered as its continuation.
 */
export async function continuable(
  core: Core,
  profile: string,
  fileName: string,
  except: Batch | undefined,
): Promise<Batch | undefined> {
  const user = core.journal.location.user;
  return (await core.journal.batches.recent(200)).find(
    (b) => b.profile === profile && b.fileName === fileName && b.operator === user && b.id !== except?.id,
  );
}

/** The file rows a batch already holds in the journal. */
export async function rowsIn(core: Core, batch: Batch | undefined): Promise<Set<number>> {
  return new Set(batch ? await core.journal.batches.rowNumbers(batch.id) : []);
}

/** The largest file imported (a million rows of CSV are about 300 MB). */
const MAX_FILE_BYTES = 2 * 2 ** 30;

/**
 * The copies of checked files: a private temporary folder of this process (never the data folder,
 * which holds the customer's details only encrypted), removed when the process ends. A copy holds
 * what the file itself holds, in plain, as the file does.
 */
let snapshots: string | undefined;
function snapshotFolder(): string {
  if (!snapshots) {
    const folder = mkdtempSync(join(tmpdir(), 'feed-desk-import-'));
    chmodSync(folder, 0o700);
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    snapshots = folder;
  }
  return snapshots;
}

/** The copy of a checked file with this content hash, when this process still has it. */
function snapshotPath(hash: string): string | undefined {
  if (!snapshots || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  const path = join(snapshots, hash);
  return existsSync(path) ? path : undefined;
}

/** Removes the copy of a checked file once its rows are queued. */
export function dropSnapshot(hash: string): void {
  const path = snapshotPath(hash);
  if (path) rmSync(path, { force: true });
}

/**
 * Copies the file into the folder of checked files, hashing its bytes on the way (one read of the
 * file), and names the copy by that hash.
 */
async function snapshot(source: string): Promise<{ path: string; hash: string }> {
  const dir = snapshotFolder();
  let size: number;
  try {
    const stat = statSync(source);
    if (!stat.isFile())
      throw new TableReadError(
        'This is not a file of rows (a device, a pipe or a folder): save the rows as a CSV or .xlsx file and choose that.',
      );
    size = stat.size;
  } catch (error) {
    throw error instanceof TableReadError ? error : openProblem(error);
  }
  if (size > MAX_FILE_BYTES)
    throw new TableReadError(
      `The file is ${Math.round(size / 2 ** 20).toLocaleString('en-GB')} MiB: Feed Desk imports files of up to ` +
        `${MAX_FILE_BYTES / 2 ** 30} GiB. Split it into smaller files.`,
    );
  const part = join(dir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let copied = 0;
  try {
    await pipeline(
      createReadStream(source),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          // A file that grows while it is copied is copied as far as its size when the copy began.
          const piece = chunk.subarray(0, Math.max(0, size - copied));
          copied += piece.length;
          hash.update(piece);
          done(null, piece);
        },
      }),
      createWriteStream(part, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    rmSync(part, { force: true });
    throw openProblem(error);
  }
  const digest = hash.digest('hex');
  const path = join(dir, digest);
  renameSync(part, path);
  return { path, hash: digest };
}

/** The most column choices a profile keeps (the oldest go first). */
const REMEMBERED = 200;

/**
 * Remembers for the profile's next import which field each heading fed (the screen's choices, or
 * the command line's --columns and --column): the partner's next file is read the same way.
 */
export function rememberColumns(
  core: Core,
  profileName: string,
  header: readonly string[],
  mapping: ColumnMapping,
): void {
  const profile = core.profiles.get(profileName);
  if (!profile) return;
  const merged = Object.entries({ ...profile.importColumns, ...rememberMapping(header, mapping) });
  const kept = merged.filter(([key]) => key.length <= 200).slice(-REMEMBERED);
  core.profiles.put({ ...profile, importColumns: Object.fromEntries(kept) });
}
