import type { JournalListRow, ResponseOf } from '@shared/ipc/contract';
import { calls } from './actions';
import { filterKey, type ListFilter } from './journal-view';
import { JOURNAL_DEFAULT_SORT, JOURNAL_WINDOW as WINDOW } from '@shared/ipc/startup-reads';
import { takeFirstWindow } from './first-window';

/** Windows kept at most; the farthest from the view are forgotten first (fetched again if needed). */
const KEPT = 40;

/** The most rows main gives in one answer (the contract's limit). */
const MAX_LIMIT = 1000;

const windowOf = (index: number) => index - (index % WINDOW);

/** The window offsets covering rows first..last. */
function offsets(first: number, last: number): number[] {
  const out: number[] = [];
  for (let offset = windowOf(Math.max(0, first)); offset <= last; offset += WINDOW) out.push(offset);
  return out;
}

/**
 * The rows of one filter, fetched from main in windows of WINDOW rows as the list needs them and
 * cached by offset; never the whole table. A new filter gets a new instance (all windows dropped).
 * React reads it through `subscribe` and `version`.
 */
export class RowWindows {
  private readonly windows = new Map<number, readonly JournalListRow[]>();
  private readonly loading = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private view = { first: 0, last: 0 };
  /** Changes whenever rows, the total or the error change. */
  version = 0;
  /** How many rows match in all; null until the first answer. */
  total: number | null = null;
  /** Whether `total` is main's estimate (a year's office journal); exact once the list's end is seen. */
  about = false;
  /** Where the list ends, once a window came back short while the total was an estimate. */
  private end: number | null = null;
  /** A window offset at or past the list's end, seen while the total was an estimate. */
  private bound: number | null = null;
  error: string | null = null;

  constructor(private readonly filter: ListFilter) {
    // The unfiltered list starts from the first window asked for as the page started, if it is here.
    const first = takeFirstWindow();
    if (first && filterKey(filter) === filterKey({ ...JOURNAL_DEFAULT_SORT })) this.accept([0], first);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The row at a position of the list, if its window has arrived. */
  row(index: number): JournalListRow | undefined {
    const offset = windowOf(index);
    return this.windows.get(offset)?.[index - offset];
  }

  /** The list position of a row among those fetched so far, or -1. */
  indexOf(id: number): number {
    for (const [offset, rows] of this.windows) {
      const at = rows.findIndex((r) => r.id === id);
      if (at >= 0) return offset + at;
    }
    return -1;
  }

  /** Every row fetched so far, in list order. */
  loaded(): JournalListRow[] {
    return [...this.windows.entries()].sort(([a], [b]) => a - b).flatMap(([, rows]) => rows);
  }

  /** Rows first..last are on screen: fetches the windows among them not yet fetched or asked for. */
  need(first: number, last: number): void {
    this.view = { first, last };
    this.loadMissing(offsets(first, last).filter((o) => !this.windows.has(o) && !this.loading.has(o)));
  }

  /**
   * Rows changed in main: fetches the windows on screen and the total again (their old rows stay
   * shown until the new ones arrive) and forgets every other window, fetched again when needed.
   */
  refresh(): void {
    this.generation += 1;
    this.loading.clear();
    this.end = null;
    this.bound = null;
    const keep = offsets(this.view.first, this.view.last);
    for (const offset of [...this.windows.keys()]) if (!keep.includes(offset)) this.windows.delete(offset);
    this.loadMissing(keep.length ? keep : [0]);
  }

  /** Fetches windows, each run of neighbours in one request (a jump far down the list asks main once, not twice). */
  private loadMissing(missing: number[]): void {
    let run: number[] = [];
    for (const offset of missing) {
      if (run.length && (offset !== run.at(-1)! + WINDOW || run.length * WINDOW >= MAX_LIMIT)) {
        void this.load(run);
        run = [];
      }
      run.push(offset);
    }
    if (run.length) void this.load(run);
  }

  /** Keeps the cache to KEPT windows however far a person scrolls. */
  private forgetFarthest(): void {
    const distance = (offset: number) => Math.abs(offset - this.view.first);
    const far = [...this.windows.keys()].sort((a, b) => distance(b) - distance(a));
    for (const offset of far.slice(0, Math.max(0, far.length - KEPT))) this.windows.delete(offset);
  }

  private async load(run: readonly number[]): Promise<void> {
    const generation = this.generation;
    for (const offset of run) this.loading.add(offset);
    const result = await calls.journal.list({ ...this.filter, offset: run[0]!, limit: WINDOW * run.length });
    if (generation !== this.generation) return;
    for (const offset of run) this.loading.delete(offset);
    if (result.ok) this.accept(run, result.data);
    else this.error = result.error.message;
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** Keeps the windows of a run from main's answer, with the total it gives. */
  private accept(run: readonly number[], { rows, total, about }: ResponseOf<'journal:list'>): void {
    run.forEach((offset, i) => this.windows.set(offset, rows.slice(i * WINDOW, (i + 1) * WINDOW)));
    this.forgetFarthest();
    const start = run[0]!;
    const reached = start + rows.length;
    if (about && rows.length < WINDOW * run.length) {
      // A short window says where the list ends; an empty one only that it ends before it
      // (exactly there when the window before it was full).
      const before = this.windows.get(start - WINDOW);
      if (rows.length > 0 || start === 0 || before?.length === WINDOW) this.end = reached;
      else this.bound = Math.min(this.bound ?? start, start);
    }
    this.about = about && this.end === null;
    // An estimate short of the rows seen grows to them, and shrinks to where the list is known to end.
    this.total = about ? (this.end ?? Math.min(this.bound ?? Infinity, Math.max(total, reached))) : total;
    this.error = null;
  }
}
