import { writeRowsCsv } from './csv-export';
import type { JournalStore } from './store';
import type { SubmissionRow } from '@shared/journal/types';

/** The formats of an access request's export. */
export type PersonExportFormat = 'csv' | 'json';

/** The parts a row was sent as (its profile's wire names and formats), when its profile still exists. */
export type SentAs = (row: SubmissionRow) => ReadonlyArray<readonly [string, string]> | undefined;

/**
 * Writes the named rows of the journal for an access request, as they were sent: CSV with the
 * Journal export's columns, or JSON with each row's payload as stored, the parts it went on the
 * wire as, its outcome and its whole history. Only a supervisor may read them (the office database
 * refuses clerks). Returns how many rows were written.
 */
export async function writePersonExport(
  journal: Pick<JournalStore, 'privacy' | 'histories' | 'resolutions'>,
  ids: readonly number[],
  format: PersonExportFormat,
  write: (text: string) => void,
  sentAs: SentAs = () => undefined,
): Promise<number> {
  const rows = await journal.privacy.rows(ids);
  if (format === 'csv') return writeRowsCsv(journal, rows, write);
  const histories = await journal.histories(rows.map((r) => r.id));
  const out = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    recordid: row.recordid,
    original_recordid: row.originalRecordid,
    profile: row.profile,
    operator: row.operator,
    created_at: row.createdAt,
    finished_at: row.finishedAt,
    message: row.message,
    payload: row.payload,
    sent_as: sentAs(row) ?? null,
    history: (histories.get(row.id) ?? []).map((h) => ({
      from: h.fromState,
      to: h.toState,
      by: h.actor,
      at: h.at,
      note: h.note,
    })),
  }));
  write(JSON.stringify({ exported_at: new Date().toISOString(), rows: out }, null, 2) + '\n');
  return rows.length;
}
