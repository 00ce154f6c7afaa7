import type { Journal } from './journal';
import type { Pipeline } from './pipeline';

export interface OutboxOptions {
  journal: Journal;
  pipeline: Pipeline;
  concurrency: number;
  /** Profiles whose cancellations cannot be sent yet (no path configured). */
  blockedCancellations?: () => string[];
  /** How often to look for rows queued by another process, in ms. */
  pollMs?: number;
}

/**
 * Drains queued rows and failed rows whose retry time has come, with bounded concurrency.
 * Unknown rows are never picked: only a person's "resend" queues them again.
 */
export class Outbox {
  private readonly inFlight = new Map<number, Promise<unknown>>();
  private paused = true;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: OutboxOptions) {}

  get running(): boolean {
    return !this.paused;
  }

  get active(): number {
    return this.inFlight.size;
  }

  /** Starts (or resumes) sending. */
  start(): void {
    this.paused = false;
    this.kick();
  }

  /** Stops taking new rows; rows already sending finish and are recorded. */
  pause(): void {
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Calls the listener after each send finishes; returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Looks for due rows now (call after queueing). */
  kick(): void {
    if (this.paused) return;
    const free = this.options.concurrency - this.inFlight.size;
    if (free > 0) {
      const ids = this.options.journal.dueIds(free, this.options.blockedCancellations?.() ?? [], [
        ...this.inFlight.keys(),
      ]);
      for (const id of ids) {
        const job = this.options.pipeline
          .send(id)
          .catch(() => undefined)
          .finally(() => {
            this.inFlight.delete(id);
            for (const l of this.listeners) l();
            this.kick();
          });
        this.inFlight.set(id, job);
      }
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
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
      await Promise.all(this.inFlight.values());
      const due = this.options.journal.dueIds(1, this.options.blockedCancellations?.() ?? []);
      if (due.length === 0 && this.inFlight.size === 0 && !this.options.journal.nextRetryAt()) return;
      await new Promise((r) => setTimeout(r, 25));
      this.kick();
    }
  }

  /** Clean shutdown: stop taking rows and wait for in-flight sends to be recorded. */
  async stop(): Promise<void> {
    this.pause();
    await Promise.all(this.inFlight.values());
  }
}
