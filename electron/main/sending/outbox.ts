import type { Job, Pipeline } from './pipeline';
import type { JournalStore } from '../journal/store';
import { traceSlotWait } from '../support/trace';

export interface OutboxOptions {
  journal: JournalStore;
  pipeline: Pipeline;
  concurrency: number;
  /** How often to look for rows queued by another process or due for retry, in ms. */
  pollMs?: number;
  /** How often this desk turns rows whose lease ran out (any desk's) into unknown, in ms: a sweep on its own timer. */
  sweepMs?: number;
  /** Told about a send or a look that failed inside Feed Desk (a bug, or the journal unreachable); rows stay safe. */
  onError?: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SWEEP_MS = 10_000;
/**
 * Rows a sending slot holds claimed ahead. Two, so a slot whose answer arrives while the commit
 * that claims its next row is still running sends the other at once: it waits for the journal only
 * when two commits in a row lag. The price: after a crash, up to three times the concurrency of
 * rows (in flight and spare) become unknown.
 */
export const SPARES_PER_SLOT = 2;

/**
 * Sends queued rows and failed rows whose retry time has come, with at most `concurrency` sends
 * at once, and turns rows whose lease expired into unknown. Unknown rows and rows waiting for
 * credentials are never picked: only a person, or new credentials, queue them again. Rows of
 * profiles that cannot send, or that a person paused, are never claimed, so they never block the rest.
 */
export class Outbox {
  private readonly workers = new Set<Promise<void>>();
  private paused = true;
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | undefined;
  private again: Promise<void> | undefined;
  /** Counts looks started: a claim only ever happens in a look or in a worker of ours. */
  private looks = 0;
  /** Rows claimed ahead for a slot (committed as sending under our lease) that have not left yet. */
  private readonly spares = new Set<Job>();
  /** Bumped by every pause: a row whose claim began before it is given back, never sent. */
  private epoch = 0;
  /** While above 0 (a pause is being committed), no slot sends a spare. */
  private holding = 0;
  private sweeper: NodeJS.Timeout | undefined;
  /** The lease sweep, and drain()'s question about the next retry, while in flight (stop() waits for them). */
  private sweeping: Promise<void> | undefined;
  private asking: Promise<unknown> | undefined;

  constructor(private readonly options: OutboxOptions) {}

  private get report() {
    return this.options.onError ?? console.error;
  }

  /** Starts (or resumes) sending. */
  start(): void {
    this.paused = false;
    this.sweep();
    this.kick();
  }

  /** Turns rows whose lease ran out into unknown now, then every sweepMs while started. */
  private sweep(): void {
    clearTimeout(this.sweeper);
    if (this.paused || this.sweeping) return;
    this.sweeping = this.options.journal
      .expireLeases()
      .then(() => undefined, this.report)
      .finally(() => {
        this.sweeping = undefined;
        if (this.paused) return;
        this.sweeper = setTimeout(() => this.sweep(), this.options.sweepMs ?? SWEEP_MS);
        this.sweeper.unref();
      });
  }

  /** Stops taking new rows; rows already sending finish and are recorded, spares go back to the queue. */
  pause(): void {
    this.paused = true;
    clearTimeout(this.timer);
    clearTimeout(this.sweeper);
    void this.releaseSpares();
  }

  /**
   * Runs `change` (a profile or batch paused or cancelled) while no slot sends a spare, then gives
   * back every spare (one transaction), and any row a commit running meanwhile claims: no row is
   * sent after the change that it would have stopped.
   */
  async whilePausing<T>(change: () => Promise<T>): Promise<T> {
    this.holding += 1;
    this.epoch += 1;
    try {
      return await change();
    } finally {
      this.holding -= 1;
      await this.releaseSpares();
      if (!this.paused) this.kick();
    }
  }

  /** Gives back the spares not sent yet in one transaction; a claim that began before this is given back too. */
  private releaseSpares(): Promise<void> {
    this.epoch += 1;
    const jobs = [...this.spares];
    this.spares.clear();
    return this.options.pipeline.unclaim(jobs).then(() => undefined, this.report);
  }

  /**
   * Pauses and waits for the look in flight (and the one planned after it) to end, so nothing of
   * the outbox uses the journal once this resolves; sends in flight are the pipeline's to wait for.
   */
  async stop(): Promise<void> {
    this.pause();
    while (this.filling || this.again || this.sweeping || this.asking)
      await Promise.allSettled([this.filling, this.again, this.sweeping, this.asking]);
  }

  /** Starts a worker per due row up to the concurrency limit (call after queueing), then plans the next look. */
  kick(): void {
    void this.fill().catch(this.report);
  }

  /** One look at a time; every kick during a look is served by one more look after it. */
  private fill(): Promise<void> {
    if (!this.filling) {
      this.filling = this.look().finally(() => {
        this.filling = undefined;
      });
      return this.filling;
    }
    this.again ??= this.filling
      .catch(() => undefined)
      .then(() => {
        this.again = undefined;
        return this.fill();
      });
    return this.again;
  }

  private async look(): Promise<void> {
    this.looks += 1;
    if (this.paused) return;
    let wait = this.options.pollMs ?? 1000;
    try {
      // The free sending slots' rows and their spares, claimed in one commit.
      const free = this.options.concurrency - this.workers.size;
      const wanted = free * (1 + SPARES_PER_SLOT);
      const epoch = this.epoch;
      let jobs = this.paused || free <= 0 ? [] : await this.options.pipeline.claimDue(wanted);
      if (this.paused || this.epoch !== epoch) {
        await this.options.pipeline.unclaim(jobs);
        jobs = [];
      }
      const slots = Math.min(free, jobs.length);
      for (let i = 0; i < slots; i += 1) {
        // Slot i sends jobs[i] and holds jobs[slots + i], jobs[2 * slots + i]… as its spares.
        const spares = jobs.filter((_, j) => j >= slots && j % slots === i);
        for (const spare of spares) this.spares.add(spare);
        const worker = this.work(jobs[i]!, spares);
        this.workers.add(worker);
        void worker.then(() => this.workers.delete(worker));
      }
      // Only a claim that came back short means nothing more is due now: then the next retry sets the wake.
      const short = free > 0 && jobs.length < wanted;
      if (!this.paused && short) wait = await this.untilNextLook();
    } finally {
      // Even a look that failed (the journal unreachable for longer than calls wait) plans the next one.
      clearTimeout(this.timer);
      if (!this.paused) {
        this.timer = setTimeout(() => this.kick(), wait);
        this.timer.unref();
      }
    }
  }

  /**
   * A sending slot: sends rows one after another until none is due. Each outcome shares a commit
   * with others, and that commit claims the slot's next spare; the slot sends a spare it holds the
   * moment an answer arrives, so it waits for a commit only when it holds none.
   */
  private async work(first: Job, spares: Job[]): Promise<void> {
    const held: Job[] = [...spares];
    let job: Job | undefined = first;
    while (job) {
      const epoch = this.epoch;
      const { answered, recorded } = this.options.pipeline.deliverAhead(
        job,
        () => !this.paused,
        () => !this.paused && this.epoch === epoch,
      );
      const claimed = recorded.then(({ next }) => {
        if (!next) return;
        // A pause that came between the check above and now: given back, never sent.
        if (this.paused || this.epoch !== epoch) return void this.options.pipeline.unclaim([next]).catch(this.report);
        held.push(next);
        this.spares.add(next);
      }, this.report);
      await answered;
      if (this.paused || this.holding > 0 || !held.some((j) => this.spares.has(j))) {
        const waitFrom = performance.now();
        await claimed;
        traceSlotWait(performance.now() - waitFrom);
      } else traceSlotWait(0);
      job = this.takeSpare(held);
    }
  }

  /** The slot's next spare, unless a pause took it back or is being committed. */
  private takeSpare(held: Job[]): Job | undefined {
    if (this.paused || this.holding > 0) return undefined;
    while (held.length > 0) {
      const job = held.shift()!;
      if (this.spares.delete(job)) return job;
    }
    return undefined;
  }

  private async untilNextLook(): Promise<number> {
    const poll = this.options.pollMs ?? 1000;
    const retryAt = await this.options.journal.nextRetryAt(await this.options.pipeline.sendable());
    return retryAt ? Math.min(poll, Math.max(0, Date.parse(retryAt) - Date.now())) : poll;
  }

  /**
   * Resolves once nothing sendable is due, nothing of ours is sending, and no automatic retry is
   * pending; or as soon as the outbox is paused.
   */
  async drain(): Promise<void> {
    this.start();
    while (!this.paused) {
      await this.fill();
      if (this.workers.size > 0) {
        await Promise.race(this.workers);
        continue;
      }
      const looks = this.looks;
      const sendable = await this.options.pipeline.sendable();
      if (this.paused) return;
      const asking = this.options.journal.nextRetryAt(sendable);
      this.asking = asking;
      const retryAt = await asking.finally(() => (this.asking = undefined));
      if (this.paused) return;
      // A timed look may have claimed a row while we asked (it is then sending, not failed): look again.
      if (this.looks !== looks || this.filling || this.workers.size > 0) continue;
      if (!retryAt) return;
      await sleep(Math.min(this.options.pollMs ?? 1000, Math.max(0, Date.parse(retryAt) - Date.now())));
    }
  }
}
