import type { Journal } from './journal';
import type { Pipeline } from './pipeline';

export interface OutboxOptions {
  journal: Journal;
  pipeline: Pipeline;
  concurrency: number;
  /** Profiles whose cancellations cannot be sent yet (no path configured). */
  blockedCancellations?: () => string[];
  /** How often to look for rows queued by another process or due for retry, in ms. */
  pollMs?: number;
}

type Job = NonNullable<ReturnType<Pipeline['claim']>>;

/**
 * Drains queued rows and failed rows whose retry time has come, with at most `concurrency`
 * sends at once. Each worker records an outcome and claims its next row in one transaction.
 * Unknown rows are never picked: only a person's "resend" queues them again.
 */
export class Outbox {
  private readonly workers = new Set<Promise<void>>();
  private paused = true;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: OutboxOptions) {}

  get running(): boolean {
    return !this.paused;
  }

  /** Sends in flight right now. */
  get active(): number {
    return this.workers.size;
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

  /** Calls the listener after each recorded outcome; returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private claimNext(): Job | undefined {
    if (this.paused) return undefined;
    for (const id of this.options.journal.dueIds(4, this.options.blockedCancellations?.() ?? [])) {
      const job = this.options.pipeline.claim(id);
      if (job) return job;
    }
    return undefined;
  }

  private async work(first: Job): Promise<void> {
    const { journal, pipeline } = this.options;
    let job: Job | undefined = first;
    while (job) {
      const current: Job = job;
      const outcome = await pipeline.attempt(current.row, current.profile);
      job = journal.atomically(() => {
        pipeline.record(current, outcome);
        return this.claimNext();
      });
      for (const listener of this.listeners) listener();
    }
  }

  /** Starts workers for due rows, up to the concurrency limit (call after queueing). */
  kick(): void {
    while (!this.paused && this.workers.size < this.options.concurrency) {
      const job = this.claimNext();
      if (!job) break;
      const worker: Promise<void> = this.work(job).finally(() => {
        this.workers.delete(worker);
        this.kick();
      });
      this.workers.add(worker);
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.paused) return;
    const retryAt = this.options.journal.nextRetryAt();
    const poll = this.options.pollMs ?? 1000;
    const untilRetry = retryAt ? Math.max(0, Date.parse(retryAt) - Date.now()) : poll;
    this.timer = setTimeout(() => this.kick(), Math.min(poll, untilRetry));
    this.timer.unref();
  }

  /** Resolves once nothing is due, nothing is sending, and no automatic retry is pending. */
  async drain(): Promise<void> {
    this.start();
    for (;;) {
      await Promise.all(this.workers);
      const due = this.options.journal.dueIds(1, this.options.blockedCancellations?.() ?? []);
      if (due.length === 0 && this.workers.size === 0 && !this.options.journal.nextRetryAt()) return;
      await new Promise((r) => setTimeout(r, 10));
      this.kick();
    }
  }

  /** Clean shutdown: stop taking rows and wait for in-flight sends to be recorded. */
  async stop(): Promise<void> {
    this.pause();
    await Promise.all(this.workers);
  }
}
