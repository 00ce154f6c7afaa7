// Checking a file as it would be queued: nothing is written.
import { basename } from 'node:path';
import { ENTRY_FIELDS, fieldKind, type EntryField } from '@shared/entry/fields';
import type { FieldErrors } from '@shared/entry/schema';
import { ruleFor, type EntryInput } from '@shared/entry/schema';
import { parseScreenDate, SCREEN_DATE_ORDERS, type ScreenDateOrder } from '@shared/entry/screen-date';
import { missingRequired, type ColumnMapping, type ColumnMatch } from '@shared/import/columns';
import type { Core } from '../core/core';
import type { Batch, DuplicateProbe, StateCounts } from '../journal/store';
import { payloadHash } from '../journal/payload-hash';
import {
  CHUNK,
  continuable,
  entryRef,
  LISTED,
  openBatchFile,
  rowsIn,
  type ImportRequest,
  type RowDuplicate,
} from './batch-file';
import type { ReadEntry } from './entries';
import { FirstRows, keyOfHash, keyOfText } from './first-rows';
import { dateOfDateTime, dateOfSerial, onlyFormat } from '@shared/import/changes';
import type { TableInfo } from './table';

/** A row that does not pass validation, with what it holds (to fix it in place). */
export interface RowProblem {
  row: number;
  line: number;
  fields: FieldErrors;
  input: EntryInput;
}

/** What a file holds, checked as it would be queued: nothing is written. */
export interface ImportCheck {
  fileName: string;
  contentHash: string;
  info: TableInfo;
  mapping: ColumnMapping;
  /** How each column's field was found from its heading (what the mapping is when none is given). */
  matches: ColumnMatch[];
  /** Per column, the first value the file holds in it ('' for a column with none), to recognise it by. */
  samples: string[];
  /** Required fields no column is mapped to (every row then fails on them). */
  missing: EntryField[];
  rows: number;
  valid: number;
  invalid: number;
  problems: RowProblem[];
  /** Total and summary rows, left out (never checked as entries): their rows and first cells. */
  summaries: { row: number; cells: string[] }[];
  duplicateCount: number;
  duplicates: RowDuplicate[];
  /** The earlier import of this same content for this profile (a rerun continues it), and its rows by state. */
  earlier?: { batch: Batch; counts: StateCounts };
  /** Valid rows already in that earlier import. */
  already: number;
  /** A batch of a file of the same name this file may continue (a corrected version of it), when none is continued. */
  continuable?: Batch;
  /** Values the import changes before sending (trimmed, NFC, money and date forms, repairs): as in the file → as sent. */
  changes: RowChange[];
  /** Rows with such changes. */
  changedRows: number;
  /** Values only written the service's way (money as 100.00, dates as YYYY-MM-DD): counted, not listed. */
  formatted: number;
  /** Date fields whose column holds dates with a time of day: the dates are sent, the times are not. */
  timesNotSent: EntryField[];
  /** Date fields whose column holds spreadsheet day numbers (46357), read as their dates and listed as changes. */
  serialDates: EntryField[];
  /**
   * Date fields whose values cannot be read in the order chosen for the file: a value as found, and
   * the orders that would read every such value (none when no order would).
   */
  dateHints: { field: EntryField; found: string; orders: ScreenDateOrder[] }[];
}

/** A value the import sends otherwise than the file holds it. */
export interface RowChange {
  row: number;
  field: EntryField;
  file: string;
  sent: string;
}

function probe(e: Extract<ReadEntry, { ok: true }>): DuplicateProbe {
  return {
    row: e.row,
    hash: payloadHash('entry', e.entry),
    reference: e.entry.reference ?? '',
    policy: e.entry.policy ?? '',
  };
}

/**
 * Reads and validates the whole file as it would be queued, streaming: row problems, duplicates
 * within the file and against the journal, and whether this content was imported before.
 */
export async function checkImport(
  core: Core,
  req: ImportRequest,
  opts: {
    /**
     * Told, before any row is read, of the earlier import of this same content: its rows were checked
     * and queued by that run, so they may be sent while this check goes on (a re-run resumes at once).
     */
    onEarlier?: (batch: Batch) => void;
  } = {},
): Promise<ImportCheck> {
  const {
    profile,
    contentHash,
    info,
    mapping,
    matches,
    entries,
    earlier: earlierBatch,
  } = await openBatchFile(core, req);
  if (earlierBatch) opts.onEarlier?.(earlierBatch);
  const check: ImportCheck = {
    fileName: basename(req.path),
    contentHash,
    info,
    mapping,
    matches,
    samples: info.header.map(() => ''),
    missing: missingRequired(
      mapping,
      ENTRY_FIELDS.filter((f) => ruleFor(f, profile).required),
    ),
    rows: 0,
    valid: 0,
    invalid: 0,
    problems: [],
    summaries: [],
    duplicateCount: 0,
    duplicates: [],
    earlier: earlierBatch && { batch: earlierBatch, counts: await core.journal.batches.counts(earlierBatch.id) },
    already: 0,
    continuable: req.continueBatch
      ? undefined
      : await continuable(core, profile.name, basename(req.path), earlierBatch),
    changes: [],
    changedRows: 0,
    formatted: 0,
    timesNotSent: [],
    serialDates: [],
    dateHints: [],
  };
  const unreadDates = new Map<EntryField, string[]>();
  const queuedBefore = await rowsIn(core, earlierBatch);
  // The first row of each content and of each policy number, to find their repeats within the file.
  const seenContent = new FirstRows();
  const seenPolicy = new FirstRows();
  let lines = new Map<number, { line: number; reference: string }>();
  let probes: DuplicateProbe[] = [];
  const flagged = new Set<number>();
  const flag = (duplicate: RowDuplicate) => {
    if (flagged.has(duplicate.row)) return;
    flagged.add(duplicate.row);
    check.duplicateCount += 1;
    if (check.duplicates.length < LISTED) check.duplicates.push(duplicate);
  };
  // A chunk's look-up in the journal runs while the next chunk is read and validated: at most two
  // are asked for at once, and their answers are noted in the order of the file.
  let asked: Promise<void> = Promise.resolve();
  const lookUp = () => {
    const [chunk, at, before] = [probes, lines, asked];
    probes = [];
    lines = new Map();
    asked = (async () => {
      const found = await core.journal.batches.duplicates(profile.name, chunk);
      await before;
      for (const { row, duplicate } of found) {
        const where = at.get(row)!;
        if (earlierBatch && duplicate.batchId === earlierBatch.id && duplicate.batchRow !== null) {
          flag({ row, ...where, ofRow: duplicate.batchRow });
        } else flag({ row, ...where, ofEntry: entryRef(duplicate) });
      }
    })();
    asked.catch(() => undefined); // a failure is thrown where it is awaited
    return before;
  };
  let unsampled = check.samples.length;
  for await (const e of entries) {
    if (e.summary) {
      if (check.summaries.length < LISTED) check.summaries.push({ row: e.row, cells: e.cells.slice(0, 8) });
      continue;
    }
    check.rows += 1;
    if (unsampled > 0) unsampled = noteSamples(check.samples, e.cells);
    // A row of this file already in its batch (fixed in place on the screen, then sent) is not
    // invalid again when the same file comes back: it was sent.
    if (!e.ok && queuedBefore.has(e.row)) {
      check.already += 1;
      continue;
    }
    if (!e.ok) {
      noteUnreadDates(unreadDates, e);
      check.invalid += 1;
      if (check.problems.length < LISTED)
        check.problems.push({ row: e.row, line: e.line, fields: e.fields, input: e.input });
      continue;
    }
    check.valid += 1;
    noteChanges(check, e);
    const p = probe(e);
    // The journal's rule: the same content, or the same policy number whatever the reference.
    const content = keyOfHash(p.hash);
    const policy = p.policy ? keyOfText(p.policy) : undefined;
    const note = () => {
      seenContent.note(content, e.row);
      if (policy) seenPolicy.note(policy, e.row);
    };
    if (queuedBefore.has(e.row)) {
      check.already += 1;
      note();
      continue;
    }
    const ofRow = seenContent.get(content) ?? (policy ? seenPolicy.get(policy) : undefined);
    if (ofRow !== undefined) {
      flag({ row: e.row, line: e.line, reference: p.reference, ofRow });
      continue;
    }
    note();
    probes.push(p);
    lines.set(e.row, { line: e.line, reference: p.reference });
    if (probes.length >= CHUNK) await lookUp();
  }
  if (probes.length) void lookUp();
  await asked;
  check.duplicates.sort((a, b) => a.row - b.row);
  check.dateHints = dateHints(unreadDates, req.dateOrder);
  return check;
}

const DATE_FIELDS = ENTRY_FIELDS.filter((f) => fieldKind(f) === 'date');

/** Keeps (up to 50 per field) the date values of an invalid row that its date fields could not read. */
function noteUnreadDates(unread: Map<EntryField, string[]>, e: Extract<ReadEntry, { ok: false }>): void {
  for (const field of DATE_FIELDS) {
    const value = String(e.input[field] ?? '').trim();
    if (!e.fields[field] || value === '') continue;
    const values = unread.get(field) ?? [];
    if (values.length < 50) values.push(value);
    unread.set(field, values);
  }
}

/** Per date field with unread values: one as found, and the other orders that read them all. */
function dateHints(unread: Map<EntryField, string[]>, chosen: ScreenDateOrder) {
  return [...unread].map(([field, values]) => ({
    field,
    found: values[0]!,
    orders: SCREEN_DATE_ORDERS.filter((order) => order !== chosen && values.every((v) => parseScreenDate(v, order).ok)),
  }));
}

/** Longest sample value kept of a column. */
const SAMPLE_CHARS = 60;

/** Fills the columns still without a sample from a row's cells; how many remain without one. */
function noteSamples(samples: string[], cells: readonly string[]): number {
  let left = 0;
  samples.forEach((sample, column) => {
    const cell = cells[column]?.trim() ?? '';
    if (sample === '' && cell !== '') samples[column] = cell.slice(0, SAMPLE_CHARS);
    if (samples[column] === '') left += 1;
  });
  return left;
}

/**
 * Notes the values of a valid row the import sends otherwise than the file holds them: those only
 * written the service's way are counted, the others listed.
 */
function noteChanges(check: ImportCheck, e: Extract<ReadEntry, { ok: true }>): void {
  for (const field of ENTRY_FIELDS.filter((f) => fieldKind(f) === 'date')) {
    const value = String(e.file[field] ?? '');
    if (!check.timesNotSent.includes(field) && dateOfDateTime(value) !== undefined) check.timesNotSent.push(field);
    if (!check.serialDates.includes(field) && dateOfSerial(value) !== undefined) check.serialDates.push(field);
  }
  const fields = Object.keys(e.file).filter(
    (f): f is EntryField =>
      ENTRY_FIELDS.includes(f as EntryField) && String(e.file[f as EntryField]) !== e.entry[f as EntryField],
  );
  const real = fields.filter((field) => !onlyFormat(field, String(e.file[field] ?? ''), e.entry[field]));
  check.formatted += fields.length - real.length;
  if (real.length === 0) return;
  check.changedRows += 1;
  for (const field of real)
    if (check.changes.length < LISTED)
      check.changes.push({ row: e.row, field, file: String(e.file[field] ?? ''), sent: e.entry[field] });
}
