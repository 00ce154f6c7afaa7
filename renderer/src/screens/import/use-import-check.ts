import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntryField } from '@shared/entry/fields';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { ColumnMapping } from '@shared/import/columns';
import type { LineRepair } from '@shared/import/repairs';
import type { ImportCheckView, RequestOf } from '@shared/ipc/contract';
import { calls } from './actions';

/** One row as a person corrected it: every field they can see, as text. */
export type RowInput = Partial<Record<EntryField, string>>;

/** The file chosen (by handle: the page never sees a path) and what the person decided about it. */
export interface ImportChoices {
  file: { handle: string; name: string } | null;
  profile: string;
  dateOrder: ScreenDateOrder;
  /** The worksheet of a workbook; main reads the first visible one when not given. */
  sheet?: string;
  /** The row of the headings (as a spreadsheet numbers it); main finds it until the person chooses one. */
  headerRow?: number;
  /** Field per column; main matches by heading (and remembered choices) until the person changes one. */
  mapping?: ColumnMapping;
  /** Rows corrected in place, by row number. */
  fixes: ReadonlyMap<number, RowInput>;
  /** Repairs of line breaks the person chose (none until they choose). */
  repairs: readonly LineRepair[];
  /** The batch this file continues, when the person chose to. */
  continueBatch?: number;
}

export type ImportRequest = RequestOf<'imports:check'>;

/** The request for imports:check, imports:start and imports:exportRejected; null until a file is chosen. */
export function requestOf(choices: ImportChoices): ImportRequest | null {
  if (!choices.file) return null;
  const { profile, dateOrder, sheet, headerRow, mapping, fixes, repairs, continueBatch } = choices;
  return {
    file: choices.file.handle,
    profile,
    dateOrder,
    ...(sheet !== undefined && { sheet }),
    ...(headerRow !== undefined && { headerRow }),
    ...(mapping && { mapping }),
    ...(fixes.size > 0 && { fixes: [...fixes].map(([row, input]) => ({ row, input })) }),
    ...(repairs.length > 0 && { repairs: [...repairs] }),
    ...(continueBatch !== undefined && { continueBatch }),
  };
}

/**
 * The choices of an import and the latest check of the file under them. Every change checks the
 * whole file again in main (the source of truth); only the newest answer is kept when checks overlap.
 */
export function useImportCheck(initial: { profile: string; dateOrder: ScreenDateOrder }) {
  const [choices, setChoices] = useState<ImportChoices>(() => ({
    file: null,
    ...initial,
    fixes: new Map(),
    repairs: [],
  }));
  const current = useRef(choices);
  const [check, setCheck] = useState<ImportCheckView | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  /** Changes some choices and checks the file again; the answer, or null when it failed or was overtaken. */
  const update = useCallback(async (patch: Partial<ImportChoices>): Promise<ImportCheckView | null> => {
    const next = { ...current.current, ...patch };
    current.current = next;
    setChoices(next);
    // Another file: the last one's results must not stand for it, even for a moment.
    if (patch.file !== undefined) setCheck(null);
    const request = requestOf(next);
    if (!request) return null;
    const mine = ++latest.current;
    setChecking(true);
    setError(null);
    const result = await calls.imports.check(request);
    if (mine !== latest.current) return null;
    setChecking(false);
    if (!result.ok) {
      setError(result.error.message);
      return null;
    }
    setCheck(result.data);
    return result.data;
  }, []);

  return { choices, check, checking, error, update, request: requestOf(choices) };
}

export type ImportCheckState = ReturnType<typeof useImportCheck>;
