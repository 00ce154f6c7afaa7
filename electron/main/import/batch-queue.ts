// Queueing a checked file as one batch, every row of the file accounted for, and where a batch stands.
import { basename } from 'node:path';
import type { EntryInput } from '@shared/entry/schema';
import type { ColumnMapping } from '@shared/import/columns';
import type { Core } from '../core/core';
import type { Batch, BatchItem, LeftOutRow, LeftOutStatus, StateCounts } from '../journal/store';
import { payloadHash } from '../journal/payload-hash';
import {
  changed,
  CHUNK,
  dropSnapshot,
  entryRef,
  LISTED,
  openBatchFile,
  rowsIn,
  type ImportRequest,
  type RowDuplicate,
} from './batch-file';

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
  /** Rows of its file not sent, by why (kept with the batch). */
  leftOut: Record<LeftOutStatus, number>;
  /** Rows of its file: every one is in the journal or left out. */
  fileRows: number;
}

/** The row's values as text, as recorded with a row left out. */
const valuesOf = (input: EntryInput): Record<string, string> =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v ?? '')]));

/**
 * Queues the file's valid rows as one batch (the earlier batch of the same content and profile, or
 * the batch the request continues), one transaction per chunk, and lets the outbox send them as they
 * are queued. A row already in the batch is never queued again; a row repeating an earlier submission
 * is left out unless the person chose to send it. Every row not queued is recorded with the batch:
 * invalid rows with their errors, duplicates with the entry they repeat.
 */
export async function queueImport(core: Core, req: ImportRequest): Promise<ImportQueued> {
  const { profile, contentHash, info, mapping, entries, key, earlier } = await openBatchFile(core, req);
  // A copy of the checked file that is gone (a day later) is the file read again: it must not have changed.
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
  let chunk: Array<BatchItem & { line: number; input: EntryInput }> = [];
  let leftOut: LeftOutRow[] = [];
  let rows = 0;
  const opened = async () =>
    (batch ??= await core.journal.batches.open({
      profile: profile.name,
      fileName: basename(req.path),
      contentHash: key,
      fileRows: req.fileRows ?? rows,
    }));
  const record = async () => {
    if (leftOut.length) await core.journal.batches.leaveOut((await opened()).id, leftOut);
    leftOut = [];
  };
  const flush = async () => {
    const done = await core.journal.batches.queue((await opened()).id, chunk);
    for (const [i, d] of done.entries()) {
      if (d.outcome === 'queued') result.queued += 1;
      else if (d.outcome === 'already') result.already += 1;
      else {
        const item = chunk[i]!;
        const values = valuesOf(item.input);
        leftOut.push({ row: d.row, status: 'duplicate', errors: null, duplicateOf: d.id, values });
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
    await record();
    core.outbox.kick();
  };
  // Rows of this file already in its batch: one fixed in place and sent is not left out as invalid again.
  const inBatch = await rowsIn(core, earlier);
  for await (const e of entries) {
    if (e.summary) continue; // a total row: listed by the check, never an entry
    rows += 1;
    if (!e.ok && inBatch.has(e.row)) {
      result.already += 1;
      continue;
    }
    if (!e.ok) {
      result.invalid += 1;
      leftOut.push({ row: e.row, status: 'invalid', errors: e.fields, duplicateOf: null, values: valuesOf(e.input) });
      if (leftOut.length >= CHUNK) await record();
      continue;
    }
    chunk.push({
      row: e.row,
      line: e.line,
      input: e.input,
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
  await record();
  dropSnapshot(contentHash);
  return { batch: batch!, ...result };
}

/** Where a batch stands, every row of its file accounted for. */
export async function batchStatus(core: Core, batchId: number): Promise<BatchStatus> {
  const batch = await core.journal.batches.get(batchId);
  if (!batch) throw new Error(`No batch ${batchId} in the journal`);
  // Counts and retries from one snapshot: a failed row claimed between two reads would be in neither.
  const { counts, retrying: waiting } = await core.journal.batches.progress(batchId);
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const leftOut: Record<LeftOutStatus, number> = { invalid: 0, duplicate: 0, skipped: 0 };
  for (const row of await core.journal.batches.leftOut(batchId)) leftOut[row.status] += 1;
  const accounted = total + leftOut.invalid + leftOut.duplicate + leftOut.skipped;
  return {
    batch,
    counts,
    total,
    remaining: (counts.queued ?? 0) + (counts.sending ?? 0) + waiting,
    leftOut,
    fileRows: Math.max(batch.fileRows, accounted),
  };
}
