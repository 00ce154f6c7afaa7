import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { EntryField } from '../../../shared/entry/fields';
import type { EntryInput, FieldErrors } from '../../../shared/entry/schema';
import type { ScreenDateOrder } from '../../../shared/entry/screen-date';
import { missingRequired, type ColumnMapping, type RememberedMapping } from '../../../shared/import/columns';
import { ruleFor } from '../../../shared/entry/schema';
import { ENTRY_FIELDS } from '../../../shared/entry/fields';
import type { JournalState, SubmissionRow } from '../../../shared/journal/types';
import type { Core } from '../core/core';
import type { Batch, BatchItem, DuplicateProbe, StateCounts } from '../journal/store';
import { payloadHash } from '../journal/payload-hash';
import { readEntries, type ReadEntry } from './entries';
import { hashFile, TableReadError, type TableInfo } from './read-table';

/** Rows queued (and duplicates looked up) per journal transaction (the office journal takes at most 250). */
export const CHUNK = 200;
/** The most row problems and duplicates an answer lists; the counts and the rejected-rows CSV cover them all. */
export const LISTED = 2_000;

/** A file to import for a profile, with what the person decided so far. */
export interface ImportRequest {
  path: string;
  profile: string;
  /** The order of dates in the file (YYYY-MM-DD is always read too). */
  dateOrder: ScreenDateOrder;
  sheet?: string;
  /** Column → field; by default matched by header name (and the profile's remembered choices). */
  mapping?: ColumnMapping;
  remembered?: RememberedMapping;
  /** Rows a person corrected in place: row number → the whole corrected input. */
  fixes?: ReadonlyMap<number, EntryInput>;
  /** Rows a person chose to send although they repeat an earlier submission. */
  sendDuplicates?: readonly number[];
  /** Send every row that repeats an earlier submission (the CLI's --allow-duplicate). */
  sendAllDuplicates?: boolean;
  /** The file's content hash when it was checked: queueing refuses a file that changed since. */
  checkedHash?: string;
  /** Data rows the check counted (recorded with a new batch). */
  fileRows?: number;
}

/**
 * What finds a file's batch again: its content, and how it is read (sheet, columns, date order),
 * so the same file read another way is another batch, never taken for rows already sent.
 */
function batchKey(contentHash: string, info: TableInfo, mapping: ColumnMapping, req: ImportRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([contentHash, info.sheet ?? null, mapping, req.dateOrder]))
    .digest('hex');
}

const changed = () => new TableReadError('The file changed since it was checked: check it again before sending.');

/** A row that does not pass validation, with what it holds (to fix it in place). */
export interface RowProblem {
  row: number;
  line: number;
  fields: FieldErrors;
  input: EntryInput;
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

/** What a file holds, checked as it would be queued: nothing is written. */
export interface ImportCheck {
  fileName: string;
  contentHash: string;
  info: TableInfo;
  mapping: ColumnMapping;
  /** Required fields no column is mapped to (every row then fails on them). */
  missing: EntryField[];
  rows: number;
  valid: number;
  invalid: number;
  problems: RowProblem[];
  duplicateCount: number;
  duplicates: RowDuplicate[];
  /** The earlier import of this same content for this profile (a rerun continues it), and its rows by state. */
  earlier?: { batch: Batch; counts: StateCounts };
  /** Valid rows already in that earlier import. */
  already: number;
}

/** What queueing did. */
export interface ImportQueued {
  batch: Batch;
  /** The file's header and the columns as mapped. */
  header: string[];
  mapping: ColumnMapping;
  queued: number;
  /** Rows queued by an earlier run of the same file (never queued twice). */
  already: number;
  /** Rows left out because they repeat an earlier submission (the person did not choose to send them). */
  skipped: RowDuplicate[];
  invalid: number;
}

/** A batch's progress: its rows by state, and the rows of its file left out. */
export interface BatchStatus {
  batch: Batch;
  counts: StateCounts;
  /** Rows in the journal for this batch. */
  total: number;
  /** Rows still to be sent or decided automatically: queued, sending, or failed and due a retry. */
  remaining: number;
}

function probe(e: Extract<ReadEntry, { ok: true }>): DuplicateProbe {
  return {
    row: e.row,
    hash: payloadHash('entry', e.entry),
    reference: e.entry.reference ?? '',
    policy: e.entry.policy ?? '',
  };
}

function profileOf(core: Core, name: string) {
  const profile = core.profiles.get(name);
  if (!profile) throw new Error(`No profile named ${name}`);
  return profile;
}

/** Opens the request's file for reading its entries as the request says (sheet, columns, dates, fixes). */
export async function openImport(core: Core, req: ImportRequest) {
  const profile = profileOf(core, req.profile);
  const opened = await readEntries(req.path, {
    rules: profile,
    mapping: req.mapping,
    remembered: req.remembered ?? profile.importColumns,
    dateOrder: req.dateOrder,
    sheet: req.sheet,
    fixes: req.fixes,
  });
  if (req.mapping && req.mapping.length !== opened.info.header.length) {
    throw new TableReadError(
      `The column choices are for ${req.mapping.length} columns but the file has ${opened.info.header.length}: check the file again`,
    );
  }
  return opened;
}

/** The file's content hash, its entries as the request reads them, and the batch key with its earlier batch, if any. */
async function openBatchFile(core: Core, req: ImportRequest) {
  const profile = profileOf(core, req.profile);
  const contentHash = await hashFile(req.path);
  const opened = await openImport(core, req);
  const key = batchKey(contentHash, opened.info, opened.mapping, req);
  return { profile, contentHash, key, ...opened, earlier: await core.journal.batches.find(profile.name, key) };
}

/** The file rows an earlier import of the same content already queued. */
async function rowsIn(core: Core, batch: Batch | undefined): Promise<Set<number>> {
  const rows = new Set<number>();
  if (batch)
    for await (const row of core.journal.iterate({ batch: batch.id })) if (row.batchRow) rows.add(row.batchRow);
  return rows;
}

/**
 * Reads and validates the whole file as it would be queued, streaming: row problems, duplicates
 * within the file and against the journal, and whether this content was imported before.
 */
export async function checkImport(core: Core, req: ImportRequest): Promise<ImportCheck> {
  const { profile, contentHash, info, mapping, entries, earlier: earlierBatch } = await openBatchFile(core, req);
  const check: ImportCheck = {
    fileName: basename(req.path),
    contentHash,
    info,
    mapping,
    missing: missingRequired(
      mapping,
      ENTRY_FIELDS.filter((f) => ruleFor(f, profile).required),
    ),
    rows: 0,
    valid: 0,
    invalid: 0,
    problems: [],
    duplicateCount: 0,
    duplicates: [],
    earlier: earlierBatch && { batch: earlierBatch, counts: await core.journal.batches.counts(earlierBatch.id) },
    already: 0,
  };
  const queuedBefore = await rowsIn(core, earlierBatch);
  const seen = new Map<string, number>();
  const lines = new Map<number, { line: number; reference: string }>();
  let probes: DuplicateProbe[] = [];
  const flagged = new Set<number>();
  const flag = (duplicate: RowDuplicate) => {
    if (flagged.has(duplicate.row)) return;
    flagged.add(duplicate.row);
    check.duplicateCount += 1;
    if (check.duplicates.length < LISTED) check.duplicates.push(duplicate);
  };
  const lookUp = async () => {
    const found = await core.journal.batches.duplicates(profile.name, probes);
    for (const { row, duplicate } of found) {
      const at = lines.get(row)!;
      if (earlierBatch && duplicate.batchId === earlierBatch.id && duplicate.batchRow !== null) {
        flag({ row, ...at, ofRow: duplicate.batchRow });
      } else flag({ row, ...at, ofEntry: entryRef(duplicate) });
    }
    probes = [];
    lines.clear();
  };
  for await (const e of entries) {
    check.rows += 1;
    if (!e.ok) {
      check.invalid += 1;
      if (check.problems.length < LISTED)
        check.problems.push({ row: e.row, line: e.line, fields: e.fields, input: e.input });
      continue;
    }
    check.valid += 1;
    const p = probe(e);
    const keys = [`h:${p.hash.slice(0, 16)}`, ...(p.reference ? [`r:${p.reference}\u001f${p.policy}`] : [])];
    if (queuedBefore.has(e.row)) {
      check.already += 1;
      for (const k of keys) if (!seen.has(k)) seen.set(k, e.row);
      continue;
    }
    const ofRow = keys.map((k) => seen.get(k)).find((r) => r !== undefined);
    if (ofRow !== undefined) {
      flag({ row: e.row, line: e.line, reference: p.reference, ofRow });
      continue;
    }
    for (const k of keys) seen.set(k, e.row);
    probes.push(p);
    lines.set(e.row, { line: e.line, reference: p.reference });
    if (probes.length >= CHUNK) await lookUp();
  }
  if (probes.length) await lookUp();
  check.duplicates.sort((a, b) => a.row - b.row);
  return check;
}

const entryRef = (row: SubmissionRow): RowDuplicate['ofEntry'] => ({
  id: row.id,
  state: row.state,
  recordid: row.recordid,
  operator: row.operator,
  createdAt: row.createdAt,
});

/**
 * Queues the file's valid rows as one batch (the earlier batch of the same content and profile,
 * if any), one transaction per chunk, and lets the outbox send them as they are queued. A row
 * already in the batch is never queued again; a row repeating an earlier submission is left out
 * unless the person chose to send it.
 */
export async function queueImport(core: Core, req: ImportRequest): Promise<ImportQueued> {
  const { profile, contentHash, info, mapping, entries, key, earlier } = await openBatchFile(core, req);
  if (req.checkedHash && req.checkedHash !== contentHash) throw changed();
  const sendAnyway = new Set(req.sendDuplicates ?? []);
  let batch: Batch | undefined = earlier;
  const result: Omit<ImportQueued, 'batch'> = {
    header: info.header,
    mapping,
    queued: 0,
    already: 0,
    skipped: [],
    invalid: 0,
  };
  let chunk: Array<BatchItem & { line: number }> = [];
  let rows = 0;
  const flush = async () => {
    batch ??= await core.journal.batches.open({
      profile: profile.name,
      fileName: basename(req.path),
      contentHash: key,
      fileRows: req.fileRows ?? rows,
    });
    const done = await core.journal.batches.queue(batch.id, chunk);
    for (const [i, d] of done.entries()) {
      if (d.outcome === 'queued') result.queued += 1;
      else if (d.outcome === 'already') result.already += 1;
      else {
        const item = chunk[i]!;
        const ofEntry = await core.journal.get(d.id);
        if (result.skipped.length < LISTED)
          result.skipped.push({
            row: d.row,
            line: item.line,
            reference: item.submission.payload.reference ?? '',
            ofEntry: ofEntry && entryRef(ofEntry),
          });
      }
    }
    chunk = [];
    core.outbox.kick();
  };
  for await (const e of entries) {
    rows += 1;
    if (!e.ok) {
      result.invalid += 1;
      continue;
    }
    chunk.push({
      row: e.row,
      line: e.line,
      allowDuplicate: !!req.sendAllDuplicates || sendAnyway.has(e.row),
      submission: {
        kind: 'entry',
        profile: profile.name,
        operator: core.journal.location.user,
        payload: e.entry,
        payloadHash: payloadHash('entry', e.entry),
      },
    });
    if (chunk.length >= CHUNK) await flush();
  }
  if (chunk.length || !batch) await flush();
  if ((await hashFile(req.path)) !== contentHash) throw changed();
  return { batch: batch!, ...result };
}

/** Where a batch stands. */
export async function batchStatus(core: Core, batchId: number): Promise<BatchStatus> {
  const batch = await core.journal.batches.get(batchId);
  if (!batch) throw new Error(`No batch ${batchId} in the journal`);
  const counts = await core.journal.batches.counts(batchId);
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const waiting = counts.failed ? await core.journal.batches.retrying(batchId) : 0;
  return { batch, counts, total, remaining: (counts.queued ?? 0) + (counts.sending ?? 0) + waiting };
}
