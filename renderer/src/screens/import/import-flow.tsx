import { useEffect, useRef, useState } from 'react';
import { ENTRY_FIELDS, FIELD_LABELS, type EntryField } from '../../../../shared/entry/fields';
import { ruleFor } from '../../../../shared/entry/schema';
import type { ImportCheckView, ProfileView, ResponseOf } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { useScreenDateOrder } from '../../preferences';
import { CheckStep } from './check-step';
import { ColumnsStep, columnName, type FieldMove } from './columns-step';
import { FileStep } from './file-step';
import { columnLetter, plural, toneOf, type Announce } from './import-words';
import { useImportCheck, type ImportChoices, type RowInput } from './use-import-check';

export type Started = ResponseOf<'imports:start'>;

interface ImportFlowProps {
  profiles: readonly ProfileView[];
  active: string;
  announce: Announce;
  onStarted(started: Started): void;
}

/** What a check found, in a sentence for the status line. */
function checkedWords(check: ImportCheckView): string {
  const dup = check.duplicateCount ? `, ${plural(check.duplicateCount, 'duplicate', 'duplicates')}` : '';
  const already = check.already ? `, ${check.already.toLocaleString()} already imported` : '';
  return `Checked ${check.fileName}: ${plural(check.rows, 'row', 'rows')}, ${check.valid.toLocaleString()} valid, ${check.invalid.toLocaleString()} invalid${dup}${already}.`;
}

/** A check is good news only when every row is valid and none repeats. */
const checkTone = (check: ImportCheckView) => toneOf(check.valid, check.invalid + check.duplicateCount);

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Steps 1 to 4 of a bulk import, on one page: the file and its settings, its columns, what the
 * check found (with rows fixed in place), and Send. Every change checks the file again in main.
 */
export function ImportFlow({ profiles, active, announce, onStarted }: ImportFlowProps) {
  const screenOrder = useScreenDateOrder();
  const importCheck = useImportCheck({ profile: active, dateOrder: screenOrder });
  const { choices, check, checking } = importCheck;
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [sendAnyway, setSendAnyway] = useState<ReadonlySet<number>>(new Set());
  const [starting, setStarting] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  /** The last field taken from another column, to say so beside the column and offer Undo. */
  const [moved, setMoved] = useState<FieldMove | null>(null);
  /** After a row was fixed: focus the next row's Fix button (or Send) once the list shows the new answer. */
  const focusAfter = useRef<number | null>(null);
  const profile = (profiles.find((p) => p.profile.name === choices.profile) ?? profiles[0])?.profile;
  const required = profile ? ENTRY_FIELDS.filter((f) => ruleFor(f, profile).required) : [];

  useEffect(() => {
    const row = focusAfter.current;
    if (row === null) return;
    focusAfter.current = null;
    const fixes = [...document.querySelectorAll<HTMLElement>('button[data-fix-row]')];
    const next =
      fixes.find((b) => Number(b.dataset.fixRow) > row) ?? fixes[0] ?? document.getElementById('import-send');
    next?.focus();
  });

  const recheck = async (patch: Partial<ImportChoices>, before = '') => {
    setExported(null);
    setFailure(null);
    const answer = await importCheck.update(patch);
    if (answer) announce(`${before}${checkedWords(answer)}`, checkTone(answer));
    return answer;
  };
  const reset = () => {
    setEditing(null);
    setMoved(null);
    setSendAnyway(new Set());
  };

  const choose = async () => {
    setFailure(null);
    const result = await api.imports.choose({});
    if (!result.ok) return setFailure(result.error.message);
    const { file, name } = result.data;
    if (!file || !name) return announce('No file chosen.');
    reset();
    announce(`Checking ${name}…`);
    await recheck({
      file: { handle: file, name },
      sheet: undefined,
      mapping: undefined,
      fixes: new Map(),
      repairs: [],
      continueBatch: undefined,
    });
  };
  const setColumn = (column: number, field: EntryField | null) => {
    if (!check) return;
    const before = choices.mapping ?? check.mapping;
    const mapping = [...before];
    const from = field ? mapping.findIndex((f, i) => f === field && i !== column) : -1;
    if (from >= 0) mapping[from] = null;
    mapping[column] = field;
    setMoved(field && from >= 0 ? { column, field, from, before: [...before] } : null);
    const words = field
      ? from >= 0
        ? `${FIELD_LABELS[field]} moved to ${columnName(check, column)} from column ${columnLetter(from)}, which is now not imported. `
        : `${columnName(check, column)} is imported as ${FIELD_LABELS[field]}. `
      : `${columnName(check, column)} is not imported. `;
    void recheck({ mapping }, capital(words));
  };
  /** Puts back the columns as they were before a field moved from one column to another. */
  const undoMove = () => {
    if (!moved || !check) return;
    setMoved(null);
    const words = `${FIELD_LABELS[moved.field]} is back in column ${columnLetter(moved.from)}. `;
    void recheck({ mapping: moved.before }, words);
  };
  const saveFix = async (row: number, input: RowInput) => {
    setFailure(null);
    setExported(null);
    const answer = await importCheck.update({ fixes: new Map(choices.fixes).set(row, input) });
    if (!answer) return;
    if (answer.problems.some((p) => p.row === row)) return announce(`Row ${row} still has errors.`, 'bad');
    setEditing(null);
    focusAfter.current = row;
    announce(`Row ${row} is now valid. ${checkedWords(answer)}`, checkTone(answer));
  };
  const exportRejected = async () => {
    if (!importCheck.request) return;
    setExported(null);
    setFailure(null);
    const result = await api.imports.exportRejected(importCheck.request);
    if (!result.ok) return setFailure(result.error.message);
    const { path, rows } = result.data;
    const words = path
      ? `Saved ${plural(rows, 'rejected row', 'rejected rows')} to ${path}`
      : 'Not saved: no file was chosen.';
    setExported(words);
    announce(words, path ? 'ok' : undefined);
  };

  const chosenDuplicates = check ? check.duplicates.filter((d) => sendAnyway.has(d.row)).map((d) => d.row) : [];
  const leftOut = check ? check.duplicateCount - chosenDuplicates.length : 0;
  const toSend = check ? Math.max(0, check.valid - check.already - leftOut) : 0;
  const start = async () => {
    if (!importCheck.request) return;
    setFailure(null);
    setStarting(true);
    const result = await api.imports.start({
      ...importCheck.request,
      ...(chosenDuplicates.length > 0 && { sendDuplicates: chosenDuplicates }),
    });
    setStarting(false);
    if (!result.ok) return setFailure(result.error.message);
    const { batch, queued } = result.data;
    announce(`Queued ${plural(queued, 'row', 'rows')} as batch ${batch.id}; sending has started.`);
    onStarted(result.data);
  };

  const error = failure ?? importCheck.error;
  return (
    <>
      <FileStep
        choices={choices}
        check={check}
        profiles={profiles.map((p) => p.profile.name)}
        busy={starting}
        onChoose={() => void choose()}
        onProfile={(name) => void recheck({ profile: name })}
        onDateOrder={(dateOrder) => void recheck({ dateOrder })}
        onSheet={(sheet) => {
          reset();
          void recheck({ sheet, mapping: undefined, fixes: new Map(), repairs: [] });
        }}
      />
      {error && (
        <p role="alert" className="banner error">
          {error}
        </p>
      )}
      {choices.file && !check && checking && <p className="hint">Checking {choices.file.name}…</p>}
      {check && profile && (
        <div key={choices.file?.handle} className="import-steps">
          <ColumnsStep
            check={check}
            required={required}
            busy={checking}
            onColumn={setColumn}
            moved={moved}
            onUndo={undoMove}
          />
          <CheckStep
            check={check}
            rules={profile}
            dateOrder={choices.dateOrder}
            busy={checking}
            fixed={[...choices.fixes.keys()].sort((a, b) => a - b)}
            editing={editing}
            onEdit={setEditing}
            onSave={(row, input) => void saveFix(row, input)}
            sendAnyway={sendAnyway}
            onSendAnyway={(row, send) =>
              setSendAnyway((before) => {
                const next = new Set(before);
                if (send) next.add(row);
                else next.delete(row);
                return next;
              })
            }
            onExportRejected={() => void exportRejected()}
            exported={exported}
            repairs={choices.repairs}
            onRepair={(repair) => {
              setEditing(null);
              void recheck({ repairs: [...choices.repairs, repair] }, 'Repair chosen. ');
            }}
            onUndoRepairs={() => void recheck({ repairs: [] }, 'Repairs undone. ')}
            onContinue={(batch) => void recheck({ continueBatch: batch }, `Continuing batch ${batch}. `)}
          />
          <section className="card import-step" aria-labelledby="import-send-title">
            <h2 id="import-send-title">4. Send</h2>
            <p id="import-send-hint">
              {toSend > 0
                ? `${plural(toSend, 'row is', 'rows are')} queued as one batch and sending starts at once; you can pause or cancel it.`
                : 'No row of this file is left to send.'}
              {leftOut > 0 && ` ${plural(leftOut, 'duplicate is', 'duplicates are')} left out.`}
              {check.invalid > 0 && ` ${plural(check.invalid, 'invalid row is', 'invalid rows are')} left out.`}
              {editing !== null && ` Save or cancel your fix of row ${editing} first.`}
            </p>
            <div className="actions">
              <button
                id="import-send"
                type="button"
                className="primary"
                aria-describedby="import-send-hint"
                disabled={toSend === 0 || checking || starting || error !== null || editing !== null}
                onClick={() => void start()}
              >
                {starting ? 'Queueing…' : `Send ${plural(toSend, 'valid row', 'valid rows')}`}
              </button>
            </div>
          </section>
        </div>
      )}
    </>
  );
}
