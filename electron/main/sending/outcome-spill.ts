import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { JournalStore, SendOutcome } from '../journal/store';
import { openText, sealText, setAside } from '../support/sealed-file';

/** How many held answers one commit of a replay records. */
const REPLAY_GROUP = 50;

/** A service's answer not yet recorded in the journal, naming the claim it answers. */
export interface PendingOutcome {
  id: number;
  owner: string;
  claim: number;
  outcome: SendOutcome;
}

/** Answers are held per claim: a later claim's answer never replaces an earlier claim's. */
const keyOf = (entry: { id: number; claim: number }) => `${entry.id}:${entry.claim}`;

/**
 * Keeps the service's answers until the journal has recorded them: in memory always, and in a
 * small file in the data folder (written and flushed) while the journal is unreachable, so an
 * answer that arrives during an office database restart survives even this process. Recording
 * an outcome is idempotent, so replaying one that did get recorded changes nothing.
 */
export class OutcomeSpill {
  private readonly pending = new Map<string, PendingOutcome>();
  private onDisk = false;
  private reachable = true;
  private replaying: Promise<void> | undefined;

  /**
   * `path` is the file and `key`, this computer's journal key, seals it. With `toDisk` false (encryption
   * required and no key to seal it) answers are held in memory only; a file an earlier run left is
   * still read, and goes once its answers are recorded.
   */
  constructor(
    private readonly path: string,
    private readonly key?: Buffer,
    private readonly toDisk = true,
  ) {
    for (const entry of readSpill(path, key)) this.pending.set(keyOf(entry), entry);
    this.onDisk = this.pending.size > 0;
  }

  /** How many answers wait to be recorded. */
  get size(): number {
    return this.pending.size;
  }

  /** Holds an answer before it is recorded (on disk at once while the journal is unreachable). */
  keep(entry: PendingOutcome): void {
    this.pending.set(keyOf(entry), entry);
    if (!this.reachable) this.write();
  }

  /** The answer is recorded: forgotten, and the file shrinks (or goes) with it. */
  done(entry: { id: number; claim: number }): void {
    if (!this.pending.delete(keyOf(entry)) || !this.onDisk) return;
    if (this.pending.size > 0) this.write();
    else this.clear();
  }

  /** The journal went away (everything held goes to disk) or came back. */
  health(reachable: boolean): void {
    this.reachable = reachable;
    if (!reachable && this.pending.size > 0) this.write();
  }

  /**
   * Records every held answer that no send of this process is recording right now (those named
   * in `busy`); one replay at a time. Answers that still cannot be recorded stay held.
   */
  replay(journal: JournalStore, busy: ReadonlySet<number> = new Set()): Promise<void> {
    this.replaying ??= (async () => {
      const entries = [...this.pending.values()].filter((entry) => !busy.has(entry.id));
      // One commit names a row once (two claims of one row held: their answers go in two commits).
      const groups: PendingOutcome[][] = [];
      for (const entry of entries.sort((a, b) => a.claim - b.claim)) {
        const group = groups.find((g) => g.length < REPLAY_GROUP && !g.some((e) => e.id === entry.id));
        if (group) group.push(entry);
        else groups.push([entry]);
      }
      for (const group of groups) {
        await journal.recordOutcomes(group);
        for (const entry of group) this.done(entry);
      }
    })().finally(() => (this.replaying = undefined));
    return this.replaying;
  }

  private write(): void {
    if (!this.toDisk) return;
    const lines = [...this.pending.values()].map((e) => JSON.stringify(e)).join('\n') + '\n';
    const text = this.key ? sealText(lines, this.key) : lines;
    const temp = `${this.path}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.path);
    this.onDisk = true;
  }

  private clear(): void {
    rmSync(this.path, { force: true });
    this.onDisk = false;
  }
}

/**
 * The answers a spill file holds; lines that cannot be read are skipped (the file is ours, written
 * whole). A file sealed under a key this computer no longer holds is moved aside, not replaced.
 */
function readSpill(path: string, key: Buffer | undefined): PendingOutcome[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  try {
    text = openText(text, key);
  } catch {
    setAside(path);
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as PendingOutcome;
        // A line without its claim (written before outcomes named their claim) cannot be matched
        // to a claim: its row is resolved as any interrupted send is (unknown, for a person).
        return Number.isInteger(entry.id) &&
          Number.isInteger(entry.claim) &&
          typeof entry.owner === 'string' &&
          entry.outcome
          ? [entry]
          : [];
      } catch {
        return [];
      }
    });
}
