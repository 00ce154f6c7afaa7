import { FIELD_LABELS } from '@shared/entry/fields';
import type { EntryRules } from '@shared/entry/schema';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { ImportCheckView } from '@shared/ipc/contract';
import { JOURNAL_STATES } from '@shared/journal/types';
import { STATE_LABELS } from '@shared/journal/state-words';
import type { LineRepair } from '@shared/import/repairs';
import { ChangesTable } from './changes-table';
import { DuplicatesTable } from './duplicates-table';
import { LineRepairs } from './line-repairs';
import { plural, when } from './import-words';
import { listedProblems, ProblemsTable } from './problems-table';
import type { RowInput } from './use-import-check';

interface CheckStepProps {
  check: ImportCheckView;
  rules: EntryRules;
  dateOrder: ScreenDateOrder;
  busy: boolean;
  fixed: readonly number[];
  editing: number | null;
  onEdit(row: number | null): void;
  onSave(row: number, input: RowInput): void;
  sendAnyway: ReadonlySet<number>;
  onSendAnyway(row: number, send: boolean): void;
  onExportRejected(): void;
  exported: string | null;
  repairs: readonly LineRepair[];
  onRepair(repair: LineRepair): void;
  onUndoRepairs(): void;
  /** Continues an earlier batch with this file (a corrected version of its file). */
  onContinue(batch: number): void;
}

/** A batch's rows by state, in words: "40 accepted, 2 failed". */
export function stateWords(counts: Partial<Record<(typeof JOURNAL_STATES)[number], number>>): string {
  const parts = JOURNAL_STATES.flatMap((s) =>
    counts[s] ? [`${counts[s].toLocaleString()} ${STATE_LABELS[s].toLowerCase()}`] : [],
  );
  return parts.length ? parts.join(', ') : 'no rows yet';
}

/**
 * Step 3: what the check found: counts, that the file was imported before (continuing never sends
 * a row twice), the invalid rows (each fixable in place, all exportable as CSV) and the duplicates.
 */
export function CheckStep(props: CheckStepProps) {
  const { check, busy, fixed, sendAnyway, onSendAnyway, onExportRejected, exported } = props;
  const counts: Array<[string, number, string?]> = [
    ['Rows', check.rows],
    ['Valid', check.valid, check.valid ? 'ok' : check.rows ? 'bad' : undefined],
    ['Invalid', check.invalid, check.invalid ? 'bad' : undefined],
    ['Duplicates', check.duplicateCount, check.duplicateCount ? 'warn' : undefined],
    ['Already imported', check.already],
  ];
  return (
    <section className="card import-step" aria-labelledby="import-check-title" aria-busy={busy}>
      <h2 id="import-check-title">3. Check</h2>
      <dl className="import-counts" data-testid="import-counts">
        {counts.map(([label, n, tone]) => (
          <div key={label} className={tone} data-count={label.toLowerCase()}>
            <dt>{label}</dt>
            <dd>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {check.earlier && (
        <div className="banner info" data-testid="import-earlier">
          <strong>This file was imported before</strong> for {check.earlier.batch.profile}: batch{' '}
          {check.earlier.batch.id}, on {when(check.earlier.batch.createdAt)} by {check.earlier.batch.operator} (
          {stateWords(check.earlier.counts)}). Sending it again continues that batch: the{' '}
          {plural(check.already, 'row', 'rows')} already in it {check.already === 1 ? 'is' : 'are'} never sent twice.{' '}
          <a href={`#/import?batch=${check.earlier.batch.id}`}>See batch {check.earlier.batch.id}</a>
        </div>
      )}
      {check.continuable && !check.earlier && (
        <div className="banner info" data-testid="import-continuable">
          <strong>A file named {check.continuable.fileName} was imported before</strong> as batch {check.continuable.id}
          , on {when(check.continuable.createdAt)}. If this is a corrected version of it, continue that batch: its rows
          already sent are recognised, and only new and corrected rows are sent.{' '}
          <button type="button" disabled={busy} onClick={() => props.onContinue(check.continuable!.id)}>
            Continue batch {check.continuable.id}
          </button>
        </div>
      )}
      {check.rows === 0 && <p>The file has no data rows under its heading row.</p>}
      {fixed.length > 0 && (
        <p className="hint" data-testid="import-fixed">
          Corrected here: {fixed.length === 1 ? 'row' : 'rows'} {fixed.join(', ')}. Your corrections are imported in
          place of what the file holds.
        </p>
      )}
      {check.invalid > 0 && (
        <div className="import-part">
          <div className="import-part-head">
            <h3 id="import-problems-title">Rows with errors ({check.invalid.toLocaleString()})</h3>
            <button type="button" onClick={onExportRejected}>
              Export rejected rows…
            </button>
            {exported && <span className="saved">{exported}</span>}
          </div>
          {check.missing.length > 0 && (
            <p className="banner error" data-testid="import-missing-rows">
              Every row lacks {check.missing.map((f) => FIELD_LABELS[f]).join(', ')}: choose the column that holds{' '}
              {check.missing.length === 1 ? 'it' : 'them'} under 2. Columns.
              {listedProblems(check).length > 0 && ' Other errors of the rows are listed below.'}
            </p>
          )}
          <p className="hint">
            Rows are numbered as a spreadsheet shows them: the heading is row 1. Invalid rows are left out; fix one
            here, or export them all to fix in a spreadsheet.
          </p>
          {listedProblems(check).length > 0 && <ProblemsTable {...props} />}
        </div>
      )}
      <LineRepairs
        check={check}
        repairs={props.repairs}
        busy={busy}
        onRepair={props.onRepair}
        onUndoRepairs={props.onUndoRepairs}
      />
      <ChangesTable check={check} />
      {check.duplicateCount > 0 && (
        <div className="import-part">
          <h3 id="import-duplicates-title">Duplicates ({check.duplicateCount.toLocaleString()})</h3>
          <DuplicatesTable check={check} sendAnyway={sendAnyway} onSendAnyway={onSendAnyway} />
        </div>
      )}
    </section>
  );
}
