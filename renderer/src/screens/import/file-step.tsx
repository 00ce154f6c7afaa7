import type { ReactNode } from 'react';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { ImportCheckView } from '@shared/ipc/contract';
import type { ImportChoices } from './use-import-check';
import { DATE_ORDER_WORDS, fieldWords, focusOnMount, plural } from './import-words';

interface FileStepProps {
  choices: ImportChoices;
  check: ImportCheckView | null;
  profiles: readonly string[];
  busy: boolean;
  onChoose(): void;
  onProfile(profile: string): void;
  onDateOrder(order: ScreenDateOrder): void;
  onSheet(sheet: string): void;
  onHeaderRow(row: number): void;
}

const DELIMITER_WORDS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** What was found in the file, in a line: its kind, how it is written and how many rows it holds. */
function describe(check: ImportCheckView): string {
  const how =
    check.kind === 'xlsx'
      ? `Excel workbook, sheet “${check.sheet ?? ''}”`
      : `CSV, ${check.encoding?.toUpperCase() ?? 'text'}, ${DELIMITER_WORDS[check.delimiter ?? ''] ?? 'delimiter'}-separated`;
  const rows = check.rows === 0 ? 'no data rows' : plural(check.rows, 'data row', 'data rows');
  const headings =
    check.headerRow === 1
      ? ''
      : ` · headings in row ${check.headerRow}${check.titleRows > 0 ? ` (${plural(check.titleRows, 'title line', 'title lines')} above left out)` : ''}`;
  const totals =
    check.summaries.length === 0
      ? ''
      : ` · ${plural(check.summaries.length, 'total row', 'total rows')} left out (row ${check.summaries.map((s) => s.row).join(', ')})`;
  return `${how} · ${plural(check.header.length, 'column', 'columns')}${headings} · ${rows}${totals}`;
}

/** Step 1: the file (through the native dialog), the profile it is for, the order of its dates, the sheet. */
export function FileStep(props: FileStepProps) {
  const { choices, check, profiles, busy, onChoose, onProfile, onDateOrder, onSheet, onHeaderRow } = props;
  return (
    <section className="card import-step" aria-labelledby="import-file-title">
      <h2 id="import-file-title" tabIndex={-1} ref={focusOnMount}>
        1. File
      </h2>
      <div className="import-row">
        <div className="import-choose">
          <button
            type="button"
            className={choices.file ? undefined : 'primary'}
            onClick={onChoose}
            disabled={busy}
            aria-describedby="import-file-name"
          >
            Choose file…
          </button>
          <p id="import-file-name" className="import-file-name" data-testid="import-file-name">
            {choices.file ? choices.file.name : 'No file chosen'}
          </p>
        </div>
        <Choice id="import-profile" label="Profile" value={choices.profile} onChange={onProfile}>
          {profiles.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Choice>
        <Choice
          id="import-date-order"
          label="Dates in the file"
          value={choices.dateOrder}
          onChange={(value) => {
            const order = DATE_ORDER_WORDS.find(([o]) => o === value)?.[0];
            if (order) onDateOrder(order);
          }}
        >
          {DATE_ORDER_WORDS.map(([order, words]) => (
            <option key={order} value={order}>
              {words}
            </option>
          ))}
        </Choice>
        {check && check.sheets.length > 1 && (
          <Choice id="import-sheet" label="Sheet" value={check.sheet ?? ''} onChange={onSheet}>
            {check.sheets.map((sheet) => (
              <option key={sheet} value={sheet}>
                {sheet}
              </option>
            ))}
          </Choice>
        )}
        {check && (
          <Choice
            id="import-header-row"
            label="Headings in row"
            value={String(check.headerRow)}
            onChange={(value) => onHeaderRow(Number(value))}
          >
            {Array.from({ length: Math.max(10, check.headerRow + 5) }, (_, i) => i + 1).map((row) => (
              <option key={row} value={row}>
                {row === check.headerRow && check.headerRow !== 1 && choices.headerRow === undefined
                  ? `${row} (found)`
                  : row}
              </option>
            ))}
          </Choice>
        )}
      </div>
      {check ? (
        <>
          <p className="hint" data-testid="import-file-info">
            {describe(check)}
          </p>
          {check.dateHints.map((hint) => (
            <p key={hint.field} className="banner warning" data-testid="import-date-hint">
              {fieldWords(hint.field)}: dates such as “{hint.found}” cannot be read as {choices.dateOrder}.{' '}
              {hint.orders.length === 0
                ? 'No order of dates reads them all: check the column.'
                : hint.orders.map((order) => (
                    <button key={order} type="button" onClick={() => onDateOrder(order)}>
                      Read dates as {order}
                    </button>
                  ))}
            </p>
          ))}
        </>
      ) : (
        <p className="hint">
          A CSV file (comma, semicolon or tab separated) or an Excel .xlsx workbook with a row naming the columns (a
          title block above it is found and left out). Nothing is sent until you choose Send.
        </p>
      )}
    </section>
  );
}

function Choice(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const { id, label, value, onChange, children } = props;
  return (
    <div className="import-choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
