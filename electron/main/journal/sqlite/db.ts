import type Database from 'better-sqlite3-multiple-ciphers';
import type { JournalState, SubmissionRow } from '@shared/journal/types';
import { JournalStateError } from '../errors';
import { toRow, type RawSubmission } from './rows';

export const nowIso = () => new Date().toISOString();

/** A store's calls answered synchronously (SQLite): each section is written so, then promised. */
export type Sync<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** Turns a section's synchronous calls into the store's promises (a throw becomes a rejection). */
export function promised<T>(sync: Sync<T>): T {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(sync) as Array<[string, (...args: unknown[]) => unknown]>) {
    out[name] = (...args: unknown[]) => {
      try {
        return Promise.resolve(fn(...args));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    };
  }
  return out as T;
}

/**
 * The journal file's connection as every section uses it: prepared statements, IMMEDIATE
 * transactions (counted), state transitions with their history line, and listeners told about
 * each changed row once its transaction commits.
 */
export class Db {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly listeners = new Set<(row: SubmissionRow) => void>();
  private pending: SubmissionRow[] = [];
  /** History lines of the transaction running, written in one statement before it commits. */
  private lines: Array<[number, JournalState | null, JournalState, string, string, string | null]> = [];
  /** Transactions committed (outermost only): the benchmarks' commits per entry. */
  commits = 0;

  constructor(readonly db: Database.Database) {}

  /** Calls the listener with each changed row once its change is committed; returns the unsubscribe function. */
  onChange(listener: (row: SubmissionRow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether anyone listens for changed rows (a screen does; the command line does not). */
  get listening(): boolean {
    return this.listeners.size > 0;
  }

  /** Notes a changed row, told to listeners once its transaction commits. */
  changed(row: SubmissionRow): SubmissionRow {
    this.pending.push(row);
    return row;
  }

  /** A prepared statement, prepared once per SQL text. */
  stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs fn in one IMMEDIATE transaction. Inside one already, fn simply joins it (no savepoint per
   * call): nothing inside a transaction catches a throw, so a throw rolls the whole one back.
   */
  atomically<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    let result: T;
    try {
      result = this.db
        .transaction(() => {
          const value = fn();
          this.writeHistory();
          return value;
        })
        .immediate();
    } catch (err) {
      this.pending = [];
      this.lines = [];
      throw err;
    }
    this.commits += 1;
    this.flush();
    return result;
  }

  /** Tells listeners about the rows a committed transaction changed, each once, as committed (its last change). */
  private flush(): void {
    const rows = new Map(this.pending.map((row) => [row.id, row]));
    this.pending = [];
    for (const row of rows.values()) for (const listener of this.listeners) listener(row);
  }

  /**
   * Moves a row from one of `from` to `to`, setting columns, with a history entry; one transaction.
   * `current` is the row as just read in this same transaction, if the caller has it.
   */
  transition(
    id: number,
    from: readonly JournalState[],
    to: JournalState,
    set: Record<string, unknown>,
    actor: string,
    note: string | null = null,
    current?: { state: JournalState },
  ): SubmissionRow {
    return this.atomically(() => {
      const before = current ?? (this.stmt('SELECT state FROM submissions WHERE id = ?').get(id) as typeof current);
      if (!before) throw new JournalStateError(`No journal entry ${id}`);
      if (!from.includes(before.state)) {
        throw new JournalStateError(`Journal entry ${id} is ${before.state}; that action needs ${from.join(' or ')}`);
      }
      const at = nowIso();
      const assignments = Object.keys(set).map((c) => `, ${c} = @${c}`);
      const row = this.stmt(
        `UPDATE submissions SET state = @to, updated_at = @at, revision = revision + 1${assignments.join('')}
         WHERE id = @id RETURNING *`,
      ).get({ ...set, to, at, id }) as RawSubmission;
      this.addHistory(id, before.state, to, actor, at, note);
      return this.changed(toRow(row));
    });
  }

  /**
   * Adds a row's history line: inside a transaction it is written, in order, with the others of
   * that transaction in one statement just before the commit (no call reads history back first).
   */
  addHistory(id: number, from: JournalState | null, to: JournalState, actor: string, at: string, note: string | null) {
    if (this.db.inTransaction) this.lines.push([id, from, to, actor, at, note]);
    else
      this.stmt(
        'INSERT INTO history (submission_id, from_state, to_state, actor, at, note) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, from, to, actor, at, note);
  }

  /** Writes the history lines the transaction added so far, in order, in one statement (before reading history back). */
  writeHistory(): void {
    if (this.lines.length === 0) return;
    const lines = JSON.stringify(this.lines);
    this.lines = [];
    this.stmt(
      `INSERT INTO history (submission_id, from_state, to_state, actor, at, note)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?) ORDER BY key`,
    ).run(lines);
  }

  get(id: number): SubmissionRow | undefined {
    const row = this.stmt('SELECT * FROM submissions WHERE id = ?').get(id) as RawSubmission | undefined;
    return row ? toRow(row) : undefined;
  }

  close(): void {
    this.db.close();
  }
}
