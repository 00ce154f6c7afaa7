import { ENTRY_FIELDS, FIELD_LABELS, isEntryField, type EntryField } from '../../../../shared/entry/fields';
import type { ImportCheckView } from '../../../../shared/ipc/contract';
import { columnLetter, focusOnMount } from './import-words';
import { ShownValue } from './shown-value';

interface ColumnsStepProps {
  check: ImportCheckView;
  /** The fields the chosen profile requires. */
  required: readonly EntryField[];
  busy: boolean;
  onColumn(column: number, field: EntryField | null): void;
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
export function ColumnsStep({ check, required, busy, onColumn }: ColumnsStepProps) {
  const usedBy = new Map(check.mapping.flatMap((field, column) => (field ? [[field, column] as const] : [])));
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
                    <select
                      id={`import-column-${column}`}
                      aria-label={`Field for ${columnName(check, column)}`}
                      aria-describedby="import-columns-hint"
                      value={field ?? ''}
                      onChange={(event) => {
                        const value = event.target.value;
                        onColumn(column, isEntryField(value) ? value : null);
                      }}
                    >
                      <option value="">— not imported —</option>
                      {ENTRY_FIELDS.map((f) => {
                        const elsewhere = usedBy.get(f);
                        const notes = [
                          required.includes(f) ? 'required' : '',
                          elsewhere !== undefined && elsewhere !== column
                            ? `now column ${columnLetter(elsewhere)}`
                            : '',
                        ].filter(Boolean);
                        return (
                          <option key={f} value={f}>
                            {FIELD_LABELS[f]}
                            {notes.length > 0 && ` (${notes.join(', ')})`}
                          </option>
                        );
                      })}
                    </select>
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
