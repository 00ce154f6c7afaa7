import type { Journal } from './journal';
import type { Job, Pipeline } from './pipeline';
import { expireLeases } from './leases';

export interface OutboxOptions {
  journal: Journal;
  pipeline: Pipeline;
  concurrency: number;
  /** How often to look for rows queued by another process, due for retry, or with an expired lease, in ms. */
  pollMs?: number;
  /** Told about a send that failed inside Feed Desk (a bug); the row itself stays safe under its lease. */
  onError?: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends queued rows and failed rows whose retry time has come, with at most `concurrency` sends
 * at once, and turns rows whose lease expired into unknown. Unknown rows and rows waiting for
 * credentials are never picked: only a person, or new credentials, queue them again. Rows of
 * profiles that cannot send are never claimed, so they never block the rest.
 */
export class Outbox {
  private readonly workers = new Set<Promise<void>>();
  private paused = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: OutboxOptions) {}

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

  /** Starts a worker per due row up to the concurrency limit (call after queueing), then plans the next look. */
  kick(): void {
    if (this.paused) return;
    expireLeases(this.options.journal);
    while (this.workers.size < this.options.concurrency) {
      const job = this.next();
      if (!job) break;
      const worker = this.work(job);
      this.workers.add(worker);
      void worker.then(() => this.workers.delete(worker));
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), this.untilNextLook());
    this.timer.unref();
  }

  /** Sends rows one after another until none is due; each outcome and the next claim are one commit. */
  private async work(first: Job): Promise<void> {
    let job: Job | undefined = first;
    while (job) {
      const sent: { then: Job | undefined } | void = await this.options.pipeline
        .deliver(job, () => this.next())
        .catch(this.options.onError ?? console.error);
      job = sent ? sent.then : undefined;
    }
  }

  /** Claims the next due row, or undefined (also when paused). */
  private next(): Job | undefined {
    if (this.paused) return undefined;
    const { journal, pipeline, concurrency } = this.options;
    for (const id of journal.dueIds(concurrency, pipeline.sendable())) {
      const job = pipeline.claim(id);
      if (job) return job;
    }
    return undefined;
  }

  private untilNextLook(): number {
    const poll = this.options.pollMs ?? 1000;
    const retryAt = this.options.journal.nextRetryAt(this.options.pipeline.sendable());
    return retryAt ? Math.min(poll, Math.max(0, Date.parse(retryAt) - Date.now())) : poll;
  }

  /**
   * Resolves once nothing sendable is due, nothing of ours is sending, and no automatic retry is
   * pending; or as soon as the outbox is paused.
   */
  async drain(): Promise<void> {
    this.start();
    while (!this.paused) {
      this.kick();
      if (this.workers.size > 0) {
        await Promise.race(this.workers);
        continue;
      }
      const retryAt = this.options.journal.nextRetryAt(this.options.pipeline.sendable());
      if (!retryAt) return;
      await sleep(Math.min(this.options.pollMs ?? 1000, Math.max(0, Date.parse(retryAt) - Date.now())));
    }
  }
}
