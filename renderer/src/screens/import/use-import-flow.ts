import { useEffect, useRef, useState } from 'react';
import { ENTRY_FIELDS, FIELD_LABELS, type EntryField } from '@shared/entry/fields';
import { ruleFor } from '@shared/entry/schema';
import type { ImportCheckView, ProfileView, ResponseOf } from '@shared/ipc/contract';
import { calls } from './actions';
import { useScreenDateOrder } from '../../preferences';
import { columnName, type FieldMove } from './columns-step';
import { columnLetter, plural, toneOf, type Announce } from './import-words';
import { useImportCheck, type ImportChoices, type ImportRequest, type RowInput } from './use-import-check';

/** What starting a batch answered. */
export type Started = ResponseOf<'imports:start'>;

/** What the import flow is given: the profiles to import into, the active one, the announcer, what to do once started. */
export interface ImportFlowProps {
  profiles: readonly ProfileView[];
  active: string;
  announce: Announce;
  /** The batch started, and the request it was started from (for exporting its rejected rows). */
  onStarted(started: Started, request: ImportRequest): void;
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
 * The logic of steps 1 to 4 of a bulk import: the file and its settings, its columns, what the
 * check found (rows fixed in place, repairs, duplicates sent anyway), and Send. Every change
 * checks the file again in main.
 */
export function useImportFlow({ profiles, active, announce, onStarted }: ImportFlowProps) {
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
    const result = await calls.imports.choose({});
    if (!result.ok) return setFailure(result.error.message);
    const { file, name } = result.data;
    if (!file || !name) return announce('No file chosen.');
    reset();
    announce(`Checking ${name}…`);
    await recheck({
      file: { handle: file, name },
      sheet: undefined,
      headerRow: undefined,
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
    const result = await calls.imports.exportRejected(importCheck.request);
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
    const result = await calls.imports.start({
      ...importCheck.request,
      ...(chosenDuplicates.length > 0 && { sendDuplicates: chosenDuplicates }),
    });
    setStarting(false);
    if (!result.ok) return setFailure(result.error.message);
    const { batch, queued } = result.data;
    announce(`Queued ${plural(queued, 'row', 'rows')} as batch ${batch.id}; sending has started.`);
    onStarted(result.data, importCheck.request);
  };

  const setSent = (row: number, send: boolean) =>
    setSendAnyway((before) => {
      const next = new Set(before);
      if (send) next.add(row);
      else next.delete(row);
      return next;
    });
  const repair = (chosen: ImportChoices['repairs'][number]) => {
    setEditing(null);
    void recheck({ repairs: [...choices.repairs, chosen] }, 'Repair chosen. ');
  };
  const chooseSheet = (sheet: string) => {
    reset();
    void recheck({ sheet, headerRow: undefined, mapping: undefined, fixes: new Map(), repairs: [] });
  };
  const chooseHeaderRow = (headerRow: number) => {
    reset();
    void recheck(
      { headerRow, mapping: undefined, fixes: new Map(), repairs: [] },
      `Headings read from row ${headerRow}. `,
    );
  };

  return {
    choices,
    check,
    checking,
    chooseHeaderRow,
    profile,
    required,
    error: failure ?? importCheck.error,
    editing,
    setEditing,
    sendAnyway,
    setSent,
    starting,
    exported,
    moved,
    leftOut,
    toSend,
    recheck,
    choose,
    chooseSheet,
    setColumn,
    undoMove,
    saveFix,
    repair,
    exportRejected,
    start,
  };
}
