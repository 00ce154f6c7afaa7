import { useState } from 'react';
import { ENTRY_FIELDS, isEntryField, type EntryField } from '@shared/entry/fields';
import type { EntryRules } from '@shared/entry/schema';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { ImportCheckView } from '@shared/ipc/contract';
import { brokenFields, canMoveToAddress2, type LineRepair } from '@shared/import/repairs';
import { joinLines, moveToAddress2 } from './line-repairs';
import { RowFixer } from './row-fixer';
import { ShownValue } from './shown-value';
import type { RowInput } from './use-import-check';
import { fieldWords, plural } from './import-words';

type Problem = ImportCheckView['problems'][number];

/** Rows shown at first, and added by each "Show more". */
const PAGE = 100;

interface ProblemsTableProps {
  check: ImportCheckView;
  rules: EntryRules;
  dateOrder: ScreenDateOrder;
  busy: boolean;
  /** The row whose editor is open, if any. */
  editing: number | null;
  onEdit(row: number | null): void;
  onSave(row: number, input: RowInput): void;
  /** Applies a repair a person chose for a row (line breaks in single-line fields). */
  onRepair(repair: LineRepair): void;
}

/** The fields a row's editor shows: the mapped ones in the file's column order, then any others the row holds or its errors name. */
export function editableFields(check: ImportCheckView, problem: Problem): EntryField[] {
  const mapped = check.mapping.filter((f): f is EntryField => f !== null);
  const more = [...Object.keys(problem.input), ...Object.keys(problem.fields)].filter(isEntryField);
  return [...mapped, ...ENTRY_FIELDS.filter((f) => more.includes(f) && !mapped.includes(f))];
}

/**
 * The problems to list one by one: a required field no column feeds is said once (above the
 * table), not on every row, so only the rows' other errors are listed.
 */
export function listedProblems(check: ImportCheckView): Problem[] {
  if (check.missing.length === 0) return check.problems;
  const missing = new Set<string>(check.missing);
  return check.problems.flatMap((problem) => {
    const fields = Object.fromEntries(Object.entries(problem.fields).filter(([field]) => !missing.has(field)));
    return Object.keys(fields).length > 0 ? [{ ...problem, fields }] : [];
  });
}

/**
 * The invalid rows: row number, field, what the file holds there and what is wrong, one line per
 * field; each row can be fixed in place.
 */
export function ProblemsTable(props: ProblemsTableProps) {
  const { check, rules, dateOrder, busy, editing, onEdit, onSave, onRepair } = props;
  const [shown, setShown] = useState(PAGE);
  const listed = listedProblems(check);
  const problems = listed.slice(0, Math.max(shown, 1 + listed.findIndex((p) => p.row === editing)));
  // With a required column missing every row is invalid; only rows with other errors are listed.
  const unlisted = check.missing.length > 0 ? 0 : check.invalid - check.problems.length;
  return (
    <>
      <div className="import-scroll">
        <table className="import-table problems" aria-labelledby="import-problems-title">
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">Field</th>
              <th scope="col">In the file</th>
              <th scope="col">Problem</th>
              <th scope="col">
                <span className="visually-hidden">Fix</span>
              </th>
            </tr>
          </thead>
          {problems.map((problem) =>
            problem.row === editing ? (
              <tbody key={problem.row} className="editing">
                <tr>
                  <td colSpan={5}>
                    <RowFixer
                      problem={problem}
                      fields={editableFields(check, problem)}
                      rules={rules}
                      dateOrder={dateOrder}
                      busy={busy}
                      onSave={(input) => onSave(problem.row, input)}
                      onCancel={() => onEdit(null)}
                    />
                  </td>
                </tr>
              </tbody>
            ) : (
              <ProblemRows
                key={problem.row}
                problem={problem}
                busy={busy}
                onFix={() => onEdit(problem.row)}
                onRepair={onRepair}
              />
            ),
          )}
        </table>
      </div>
      {listed.length > problems.length && (
        <button type="button" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, listed.length - problems.length)} more rows with errors
        </button>
      )}
      {unlisted > 0 && (
        <p className="hint">
          {plural(unlisted, 'more invalid row is', 'more invalid rows are')} not listed here; the rejected-rows CSV
          holds them all.
        </p>
      )}
    </>
  );
}

interface ProblemRowsProps {
  problem: Problem;
  busy: boolean;
  onFix(): void;
  onRepair(repair: LineRepair): void;
}

function ProblemRows({ problem, busy, onFix, onRepair }: ProblemRowsProps) {
  const entries = Object.entries(problem.fields);
  const broken = brokenFields(problem.input).length > 0;
  const span = Math.max(1, entries.length);
  return (
    <tbody data-row={problem.row}>
      {entries.map(([field, message], i) => (
        <tr key={field}>
          {i === 0 && (
            <th scope="rowgroup" rowSpan={span} className="num">
              {problem.row}
            </th>
          )}
          <td>{fieldWords(field)}</td>
          <td className="value">{isEntryField(field) && <ShownValue value={problem.input[field] ?? ''} />}</td>
          <td className="message">{message}</td>
          {i === 0 && (
            <td rowSpan={span}>
              <div className="row-actions">
                <button type="button" className="fix" onClick={onFix} data-fix-row={problem.row}>
                  Fix row {problem.row}
                </button>
                {broken && (
                  <button type="button" disabled={busy} onClick={() => onRepair(joinLines([problem.row]))}>
                    Join lines with &quot;, &quot;
                  </button>
                )}
                {canMoveToAddress2(problem.input) && (
                  <button type="button" disabled={busy} onClick={() => onRepair(moveToAddress2([problem.row]))}>
                    Move line 2 to Address line 2
                  </button>
                )}
              </div>
            </td>
          )}
        </tr>
      ))}
    </tbody>
  );
}
