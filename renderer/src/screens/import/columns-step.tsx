import { FIELD_LABELS, type EntryField } from '@shared/entry/fields';
import type { ImportCheckView } from '@shared/ipc/contract';
import { FieldSelect } from './field-select';
import { columnLetter, focusOnMount } from './import-words';
import { ShownValue } from './shown-value';

/** A field a person moved to a column from another one, with the columns as they were before. */
export interface FieldMove {
  column: number;
  field: EntryField;
  from: number;
  before: Array<EntryField | null>;
}

interface ColumnsStepProps {
  check: ImportCheckView;
  /** The fields the chosen profile requires. */
  required: readonly EntryField[];
  busy: boolean;
  onColumn(column: number, field: EntryField | null): void;
  /** The last field moved from another column: said beside the column it moved to, with Undo. */
  moved: FieldMove | null;
  onUndo(): void;
}

/** How a column is named to a person: its letter and heading. */
export const columnName = (check: ImportCheckView, column: number): string => {
  const heading = check.header[column]?.trim();
  return `column ${columnLetter(column)}${heading ? ` (${heading})` : ''}`;
};

/**
 * Step 2: each column of the file with the field it fills (matched by heading, or as chosen last
 * time for this profile), changeable; required fields no column fills are called out.
 */
export function ColumnsStep({ check, required, busy, onColumn, moved, onUndo }: ColumnsStepProps) {
  const usedBy = new Map(check.mapping.flatMap((field, column) => (field ? [[field, column] as const] : [])));
  const left = check.header.flatMap((_, column) => (check.mapping[column] ? [] : [columnName(check, column)]));
  const shownMove = moved && check.mapping[moved.column] === moved.field ? moved : null;
  return (
    <section className="card import-step" aria-labelledby="import-columns-title" aria-busy={busy}>
      <h2 id="import-columns-title" tabIndex={-1} ref={focusOnMount}>
        2. Columns
      </h2>
      <p className="hint" id="import-columns-hint">
        The field each column of the file fills. Change one and the file is checked again; the choice is remembered for
        this profile once you send.
      </p>
      {check.missing.length > 0 && (
        <div className="banner error" data-testid="import-missing">
          <strong>Required fields with no column:</strong> {check.missing.map((f) => FIELD_LABELS[f]).join(', ')}. Every
          row is invalid until each has a column.
        </div>
      )}
      <p className="hint" data-testid="import-not-imported">
        {left.length === 0
          ? 'Every column of the file is imported.'
          : `Not imported (${left.length} of ${check.header.length} columns): ${left.join(', ')}.`}
      </p>
      <div className="import-scroll">
        <table className="import-table columns">
          <caption className="visually-hidden">Columns of the file and the field each fills</caption>
          <thead>
            <tr>
              <th scope="col" className="letter">
                Column
              </th>
              <th scope="col">Heading in the file</th>
              <th scope="col">First value</th>
              <th scope="col">Imported as</th>
            </tr>
          </thead>
          <tbody>
            {check.header.map((heading, column) => {
              const field = check.mapping[column] ?? null;
              return (
                <tr key={column} className={field ? undefined : 'ignored'}>
                  <td className="letter">{columnLetter(column)}</td>
                  <th scope="row">{heading.trim() || <span className="hint">(no heading)</span>}</th>
                  <td className="value" data-testid={`import-sample-${column}`}>
                    {check.samples[column] ? (
                      <ShownValue value={check.samples[column]} />
                    ) : (
                      <span className="hint">(empty)</span>
                    )}
                  </td>
                  <td>
                    <FieldSelect
                      id={`import-column-${column}`}
                      label={`Field for ${columnName(check, column)}`}
                      describedBy="import-columns-hint"
                      column={column}
                      field={field}
                      required={required}
                      usedBy={usedBy}
                      onChoose={(chosen) => onColumn(column, chosen)}
                    />
                    {field && check.guessed[column] === field && (
                      <span className="import-guess" data-testid={`import-guess-${column}`}>
                        {' '}
                        guessed from the heading: check it
                      </span>
                    )}
                    {shownMove?.column === column && (
                      <p className="import-moved" role="status" data-testid="import-moved">
                        {FIELD_LABELS[shownMove.field]} moved here from column {columnLetter(shownMove.from)} —{' '}
                        <button type="button" className="link" onClick={onUndo}>
                          Undo
                        </button>
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
