import type { JournalListRow } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import type { ListFilter } from './journal-view';

/** Rows fetched per request: a few screens' worth, so scrolling asks main rarely and each answer stays small. */
export const WINDOW = 100;

/** Windows kept at most; the farthest from the view are forgotten first (fetched again if needed). */
const KEPT = 40;

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
  error: string | null = null;

  constructor(private readonly filter: ListFilter) {}

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
    for (const offset of offsets(first, last)) {
      if (!this.windows.has(offset) && !this.loading.has(offset)) void this.load(offset);
    }
  }

  /**
   * Rows changed in main: fetches the windows on screen and the total again (their old rows stay
   * shown until the new ones arrive) and forgets every other window, fetched again when needed.
   */
  refresh(): void {
    this.generation += 1;
    this.loading.clear();
    const keep = offsets(this.view.first, this.view.last);
    for (const offset of [...this.windows.keys()]) if (!keep.includes(offset)) this.windows.delete(offset);
    for (const offset of keep.length ? keep : [0]) void this.load(offset);
  }

  /** Keeps the cache to KEPT windows however far a person scrolls. */
  private forgetFarthest(): void {
    const distance = (offset: number) => Math.abs(offset - this.view.first);
    const far = [...this.windows.keys()].sort((a, b) => distance(b) - distance(a));
    for (const offset of far.slice(0, Math.max(0, far.length - KEPT))) this.windows.delete(offset);
  }

  private async load(offset: number): Promise<void> {
    const generation = this.generation;
    this.loading.add(offset);
    const result = await api.journal.list({ ...this.filter, offset, limit: WINDOW });
    if (generation !== this.generation) return;
    this.loading.delete(offset);
    if (result.ok) {
      this.windows.set(offset, result.data.rows);
      this.forgetFarthest();
      this.total = result.data.total;
      this.error = null;
    } else {
      this.error = result.error.message;
    }
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
