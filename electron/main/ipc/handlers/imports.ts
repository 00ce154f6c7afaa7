import { randomUUID } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { RequestOf } from '@shared/ipc/contract';
import type { Desktop } from '../desktop';
import { fail } from '../ipc-failure';
import type { Batch } from '../../journal/store';
import { checkImport } from '../../import/batch-check';
import { rememberColumns, type ImportRequest } from '../../import/batch-file';
import { batchStatus, queueImport } from '../../import/batch-queue';
import type { BatchView } from '@shared/ipc/contract';
import { writeAtomically } from './write-atomically';
import { writeBatchResultsForPeople, writeRejectedRows, writeRejectedRowsXlsx } from '../../import/batch-csv';

type ImportChannel =
  | 'imports:choose'
  | 'imports:check'
  | 'imports:start'
  | 'imports:status'
  | 'imports:pause'
  | 'imports:cancel'
  | 'imports:retryFailed'
  | 'imports:exportRejected'
  | 'imports:exportResults'
  | 'imports:recent';

const batchView = (b: Batch): BatchView => ({
  id: b.id,
  profile: b.profile,
  fileName: b.fileName,
  operator: b.operator,
  createdAt: b.createdAt,
  fileRows: b.fileRows,
  paused: b.paused,
});

/**
 * The Bulk import screen's handlers. The page never names a path: main asks for the file through
 * the native dialog and hands the page an opaque handle, so a page can only read what a person chose.
 */
export function importHandlers(core: Core, desktop: Desktop): Pick<Handlers, ImportChannel> {
  const chosen = new Map<string, string>();
  /** What the last check of each chosen file found: start sends only that content. */
  const checked = new Map<string, { hash: string; rows: number }>();

  function request(r: RequestOf<'imports:check'>, extra: Partial<ImportRequest> = {}): ImportRequest {
    const path = chosen.get(r.file);
    if (!path) fail('not-found', 'Choose the file again: this one is no longer open');
    const profile = core.profiles.get(r.profile);
    if (!profile) fail('not-found', `No profile named ${r.profile}`);
    return {
      path,
      profile: profile.name,
      dateOrder: r.dateOrder,
      sheet: r.sheet,
      headerRow: r.headerRow,
      mapping: r.mapping,
      remembered: profile.importColumns,
      fixes: new Map((r.fixes ?? []).map((f) => [f.row, f.input])),
      repairs: r.repairs,
      continueBatch: r.continueBatch,
      ...extra,
    };
  }

  /** Refuses a batch this journal does not have, in plain words, before anything is read or changed. */
  async function known(batch: number) {
    if (!(await core.journal.batches.get(batch)))
      fail('not-found', `There is no bulk import #${batch} in this journal.`);
  }

  async function status(batch: number) {
    await known(batch);
    const s = await batchStatus(core, batch);
    return { ...s, batch: batchView(s.batch) };
  }

  return {
    async 'imports:choose'() {
      const path = await desktop.openFile({
        title: 'Choose a CSV or .xlsx file to import',
        extensions: ['csv', 'txt', 'xlsx'],
      });
      if (!path) return { file: null, name: null };
      const file = randomUUID();
      chosen.set(file, path);
      return { file, name: basename(path) };
    },
    async 'imports:check'(r) {
      const check = await checkImport(core, request(r));
      checked.set(r.file, { hash: check.contentHash, rows: check.rows });
      return {
        fileName: check.fileName,
        kind: check.info.kind,
        encoding: check.info.encoding ?? null,
        delimiter: check.info.delimiter ?? null,
        sheets: check.info.sheets ?? [],
        sheet: check.info.sheet ?? null,
        header: check.info.header,
        headerRow: check.info.headerRow,
        titleRows: check.info.titleRows,
        summaries: check.summaries,
        mapping: check.mapping,
        guessed: check.matches.map((m) => (m.how === 'guess' ? m.field : null)),
        samples: check.samples,
        missing: check.missing,
        rows: check.rows,
        valid: check.valid,
        invalid: check.invalid,
        problems: check.problems.map((p) => ({
          ...p,
          // A cell longer than any field (its error says so) is shown cut to what the page takes.
          input: Object.fromEntries(Object.entries(p.input).map(([k, v]) => [k, String(v ?? '').slice(0, 10_000)])),
        })),
        duplicateCount: check.duplicateCount,
        duplicates: check.duplicates,
        earlier: check.earlier ? { batch: batchView(check.earlier.batch), counts: check.earlier.counts } : null,
        already: check.already,
        continuable: check.continuable ? batchView(check.continuable) : null,
        changes: check.changes.map((c) => ({ ...c, file: c.file.slice(0, 10_000) })),
        changedRows: check.changedRows,
        formatted: check.formatted,
        timesNotSent: check.timesNotSent,
        serialDates: check.serialDates,
        dateHints: check.dateHints,
      };
    },
    async 'imports:start'(r) {
      const last = checked.get(r.file);
      if (!last) fail('state', 'Check the file before sending it');
      const req = request(r, { sendDuplicates: r.sendDuplicates, checkedHash: last.hash, fileRows: last.rows });
      const { header, mapping, ...queued } = await queueImport(core, req);
      // The person's column choices are remembered for the profile's next import.
      rememberColumns(core, req.profile, header, mapping);
      return { ...queued, batch: batchView(queued.batch) };
    },
    'imports:status': ({ batch }) => status(batch),
    async 'imports:pause'({ batch, paused }) {
      await known(batch);
      // No spare row of the batch leaves once its pause is committed.
      if (paused) await core.outbox.whilePausing(() => core.journal.batches.setPaused(batch, true));
      else {
        await core.journal.batches.setPaused(batch, false);
        core.outbox.kick();
      }
      return status(batch);
    },
    async 'imports:cancel'({ batch, discard }) {
      await known(batch);
      await core.outbox.whilePausing(() => core.journal.batches.setPaused(batch, true));
      const discarded = discard ? await core.journal.batches.discardUnsent(batch) : 0;
      return { discarded, status: await status(batch) };
    },
    async 'imports:retryFailed'({ batch }) {
      await known(batch);
      // A paused batch stays paused: its retried rows go when a person resumes it.
      const retried = await core.journal.batches.retryFailed(batch);
      core.outbox.kick();
      return { retried, status: await status(batch) };
    },
    async 'imports:exportRejected'(r) {
      const req = request(r);
      const stem = basename(req.path, extname(req.path));
      const path = await desktop.saveFile({
        title: "Save the rejected rows — they may hold customers' details: keep them where only staff can read them",
        defaultName: `${stem}-rejected-rows.xlsx`,
        extension: 'xlsx',
        also: ['csv'],
      });
      if (!path) return { path: null, rows: 0 };
      const rows = await writeAtomically(path, (write) =>
        /\.csv$/i.test(path) ? writeRejectedRows(core, req, write) : writeRejectedRowsXlsx(core, req, write),
      );
      return { path, rows };
    },
    async 'imports:exportResults'({ batch, personal }) {
      const found = await core.journal.batches.get(batch);
      if (!found) fail('not-found', `No batch ${batch} in the journal`);
      const stem = basename(found.fileName, extname(found.fileName));
      const path = await desktop.saveFile({
        title: personal
          ? "Save the batch results — they hold customers' surnames: keep them where only staff can read them"
          : 'Save the batch results (without personal details)',
        defaultName: `${stem}-batch-${batch}-results.xlsx`,
        extension: 'xlsx',
        also: ['csv'],
      });
      if (!path) return { path: null, rows: 0 };
      const csv = /\.csv$/i.test(path);
      const rows = await writeAtomically(path, (write) =>
        writeBatchResultsForPeople(core, batch, write, { personal, csv }),
      );
      return { path, rows };
    },
    async 'imports:recent'() {
      return { batches: (await core.journal.batches.recent(50)).map(batchView) };
    },
  };
}
