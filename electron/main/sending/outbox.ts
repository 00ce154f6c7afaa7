import type { Job, Pipeline } from './pipeline';
import type { JournalStore } from '../journal/store';

export interface OutboxOptions {
  journal: JournalStore;
  pipeline: Pipeline;
  concurrency: number;
  /** How often to look for rows queued by another process, due for retry, or with an expired lease, in ms. */
  pollMs?: number;
  /** Told about a send or a look that failed inside Feed Desk (a bug, or the journal unreachable); rows stay safe. */
  onError?: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  constructor(private readonly options: OutboxOptions) {}

  private get report() {
    return this.options.onError ?? console.error;
  }

  /** Starts (or resumes) sending. */
  start(): void {
    this.paused = false;
    this.kick();
  }

  /** Stops taking new rows; rows already sending finish and are recorded. */
  pause(): void {
    this.paused = true;
    clearTimeout(this.timer);
  }

  /**
   * Pauses and waits for the look in flight (and the one planned after it) to end, so nothing of
   * the outbox uses the journal once this resolves; sends in flight are the pipeline's to wait for.
   */
  async stop(): Promise<void> {
    this.pause();
    while (this.filling || this.again) await Promise.allSettled([this.filling, this.again]);
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
      await this.options.journal.expireLeases();
      // The free sending slots' rows, claimed in one commit.
      const free = this.options.concurrency - this.workers.size;
      for (const job of this.paused || free <= 0 ? [] : await this.options.pipeline.claimDue(free)) {
        const worker = this.work(job);
        this.workers.add(worker);
        void worker.then(() => this.workers.delete(worker));
      }
      if (!this.paused) wait = await this.untilNextLook();
    } finally {
      // Even a look that failed (the journal unreachable for longer than calls wait) plans the next one.
      clearTimeout(this.timer);
      if (!this.paused) {
        this.timer = setTimeout(() => this.kick(), wait);
        this.timer.unref();
      }
    }
  }

  /** Sends rows one after another until none is due; each outcome and the next claim share a commit. */
  private async work(first: Job): Promise<void> {
    let job: Job | undefined = first;
    while (job) {
      const sent: { next: Job | undefined } | void = await this.options.pipeline
        .deliver(job, !this.paused)
        .catch(this.report);
      job = sent && !this.paused ? sent.next : undefined;
    }
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
      const retryAt = await this.options.journal.nextRetryAt(await this.options.pipeline.sendable());
      // A timed look may have claimed a row while we asked (it is then sending, not failed): look again.
      if (this.looks !== looks || this.filling || this.workers.size > 0) continue;
      if (!retryAt) return;
      await sleep(Math.min(this.options.pollMs ?? 1000, Math.max(0, Date.parse(retryAt) - Date.now())));
    }
  }
}
