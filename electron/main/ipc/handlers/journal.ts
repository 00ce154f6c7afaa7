import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import type { Core } from '../../core/core';
import { operatorName } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import { fail } from '../ipc-failure';
import { listSubmissions } from '../../journal/queries';
import { attentionCounts, dailyReport, facets, toListRow } from '../../journal/review';
import { writeJournalCsv } from '../../journal/csv-export';
import { wireParts } from '../../journal/wire-parts';
import { toView } from './views';

/** Writes a file through a temporary name, so a cancelled or failed export never leaves half a file. */
function writeAtomically(path: string, fill: (write: (text: string) => void) => void): void {
  const part = `${path}.part`;
  const fd = openSync(part, 'w');
  try {
    fill((text) => writeSync(fd, text));
    closeSync(fd);
    renameSync(part, path);
  } catch (err) {
    closeSync(fd);
    rmSync(part, { force: true });
    throw err;
  }
}

/** The Journal screen's handlers: review queries, a person's decisions, export and the summary PDF. */
export function journalHandlers(
  core: Core,
  desktop: Desktop,
): Pick<
  Handlers,
  | 'journal:list'
  | 'journal:attention'
  | 'journal:facets'
  | 'journal:get'
  | 'journal:resolve'
  | 'journal:review'
  | 'journal:export'
  | 'journal:report'
  | 'journal:savePdf'
> {
  const { journal } = core;
  return {
    'journal:list'(filter) {
      const { rows, total } = listSubmissions(journal.db, filter);
      return { rows: rows.map(toListRow), total };
    },
    'journal:attention'() {
      return attentionCounts(journal);
    },
    'journal:facets'() {
      const known = facets(journal);
      const profiles = [...new Set([...known.profiles, ...core.profiles.list().map((p) => p.name)])].sort();
      return { operators: known.operators, profiles };
    },
    'journal:get'({ id }) {
      const row = journal.get(id);
      if (!row) fail('not-found', `No journal entry ${id}`);
      const wire = wireParts(row, core.profiles.get(row.profile));
      return {
        row: {
          ...toView(row),
          reference: row.reference,
          surname: row.surname,
          policy: row.policy,
          originalRecordid: row.originalRecordid,
          updatedAt: row.updatedAt,
          reviewedBy: row.reviewedBy,
          reviewedAt: row.reviewedAt,
          reviewNote: row.reviewNote,
        },
        history: journal.history(id),
        wire: wire ? wire.map(([name, value]) => [name, value] as [string, string]) : null,
      };
    },
    'journal:resolve'(request) {
      const who = operatorName();
      const note = request.note?.trim() || null;
      if (request.action === 'resend') {
        const row = journal.resend(request.id, who, note);
        core.outbox.kick();
        return toView(row);
      }
      if (request.action === 'accept') return toView(journal.markAccepted(request.id, request.recordid, who, note));
      return toView(journal.discard(request.id, who, note));
    },
    'journal:review'({ ids, note }) {
      return { reviewed: journal.markReviewed(ids, operatorName(), note?.trim() || null) };
    },
    async 'journal:export'(filter) {
      const day = new Date().toISOString().slice(0, 10);
      const path = await desktop.saveFile({
        title: 'Export journal as CSV',
        defaultName: `feed-desk-journal-${day}.csv`,
        extension: 'csv',
      });
      if (!path) return { path: null, rows: 0 };
      let rows = 0;
      writeAtomically(path, (write) => {
        rows = writeJournalCsv(journal, filter, write);
      });
      return { path, rows };
    },
    'journal:report'({ from, to }) {
      if (from > to)
        fail('invalid', 'The start date is after the end date', { from: 'Must be on or before the end date' });
      const report = dailyReport(journal, from, to);
      return { ...report, attention: report.attention.map((r) => ({ ...toListRow(r), message: r.message })) };
    },
    async 'journal:savePdf'({ from, to }) {
      const path = await desktop.saveFile({
        title: 'Save the summary as PDF',
        defaultName: `feed-desk-summary-${from}-to-${to}.pdf`,
        extension: 'pdf',
      });
      if (!path) return { path: null };
      writeFileSync(path, await desktop.printToPdf());
      return { path };
    },
  };
}
