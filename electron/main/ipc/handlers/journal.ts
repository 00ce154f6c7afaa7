import { writeFileSync } from 'node:fs';
import { writeAtomically } from './write-atomically';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import { fail } from '../ipc-failure';
import { toListRow, toListRows } from './journal-view';
import { writePeopleCsv, writePeopleXlsx } from '../../journal/csv-for-people';
import { localDate } from '@shared/format/moments';
import { wireParts } from '../../sending/wire-parts';
import { toView } from './views';
import { refuseDuplicate } from './entries';
import type { SubmissionRow } from '@shared/journal/types';
import type { JournalReport } from '@shared/ipc/contract';
import { personalDataNotice } from '@shared/journal/personal-fields';

/** Whether the summary page of a report names customers: its unknowns, rejections and corrections show surnames. */
/** How many matches the Journal screen counts exactly; past that the office journal may estimate. */
export const SCREEN_COUNT_UP_TO = 10_000;

const namesCustomers = (report: JournalReport) =>
  [...report.attention, ...report.corrected].some((row) => row.surname.trim() !== '');

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
  /** The rows linked to this one through its recordid (or its original's), in its profile. */
  async function linkedRows(row: SubmissionRow) {
    const recordid = row.kind === 'entry' ? row.recordid : row.originalRecordid;
    if (recordid === null) return [];
    const { rows } = await journal.list({ recordid, profile: row.profile, sort: 'id', direction: 'asc', limit: 50 });
    return rows.filter((r) => r.id !== row.id).map((r) => ({ ...toListRow(r), originalRecordid: r.originalRecordid }));
  }
  return {
    async 'journal:list'(filter) {
      const { rows, total, about } = await journal.list(filter, { countUpTo: SCREEN_COUNT_UP_TO });
      return { rows: await toListRows(journal, rows), total, about };
    },
    'journal:attention'() {
      return journal.attention();
    },
    async 'journal:facets'() {
      const known = await journal.facets();
      const profiles = [...new Set([...known.profiles, ...core.profiles.list().map((p) => p.name)])].sort();
      return { operators: known.operators, profiles };
    },
    async 'journal:get'({ id }) {
      const row = await journal.get(id);
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
        history: await journal.history(id),
        links: await linkedRows(row),
        wire: wire ? wire.map(([name, value]) => [name, value] as [string, string]) : null,
      };
    },
    async 'journal:resolve'(request) {
      const note = request.note?.trim() || null;
      if (request.action === 'resend') {
        const result = await journal.resend(request.id, note, request.allowDuplicate ?? false);
        if (result.duplicate) return refuseDuplicate(core, result.duplicate);
        core.outbox.kick();
        return toView(result.row);
      }
      if (request.action === 'accept') return toView(await journal.markAccepted(request.id, request.recordid, note));
      return toView(await journal.discard(request.id, note));
    },
    async 'journal:review'({ ids, note }) {
      return { reviewed: await journal.markReviewed(ids, note?.trim() || null) };
    },
    async 'journal:export'({ personal, ...filter }) {
      const day = localDate();
      const path = await desktop.saveFile({
        // The personal-data notice is said here: the file's row 1 is its headings.
        title: personal
          ? "Export journal — it holds customers' personal data: keep it where only staff can read it"
          : 'Export journal (without personal details)',
        defaultName: `feed-desk-journal-${day}.xlsx`,
        extension: 'xlsx',
        also: ['csv'],
      });
      if (!path) return { path: null, rows: 0 };
      // For a spreadsheet: the screen's headings, times a spreadsheet reads, only the columns used.
      const source = () => journal.iterate(filter);
      const rows = await writeAtomically(path, (write) =>
        /\.csv$/i.test(path)
          ? writePeopleCsv(journal, source, write, { personal })
          : writePeopleXlsx(journal, source, write, { personal }),
      );
      return { path, rows };
    },
    async 'journal:report'({ from, to }) {
      if (from > to)
        fail('invalid', 'The start date is after the end date', { from: 'Must be on or before the end date' });
      const report = await journal.report(from, to);
      return {
        ...report,
        attention: report.attention.map((r) => ({ ...toListRow(r), message: r.message })),
        corrected: report.corrected.map((r) => ({ ...toListRow(r), supersededBy: r.supersededBy })),
      };
    },
    async 'journal:savePdf'({ from, to, personal }) {
      const path = await desktop.saveFile({
        title: 'Save the summary as PDF',
        defaultName: `feed-desk-summary-${from}-to-${to}.pdf`,
        extension: 'pdf',
      });
      if (!path) return { path: null };
      // Counts only, or the page without its surnames (personal false): no notice.
      const names = personal && namesCustomers(await journal.report(from, to));
      writeFileSync(path, await desktop.printToPdf(names ? personalDataNotice(['surname']) : undefined));
      return { path };
    },
  };
}
