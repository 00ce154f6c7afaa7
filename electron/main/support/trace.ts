// A measurement aid, off unless FEED_DESK_TRACE=1: milestones of a run (ms since the process
// started) and how long sending slots waited, on standard error. Nothing of a row is written.

/** Whether this process traces (FEED_DESK_TRACE=1). */
export const tracing = process.env.FEED_DESK_TRACE === '1';

const waits = { answers: 0, waited: 0, ms: 0, longest: 0 };

/** Notes a milestone: `trace <ms since start> <label>`. */
export function trace(label: string): void {
  if (tracing) process.stderr.write(`trace ${performance.now().toFixed(1)} ${label}\n`);
}

/** Notes an answer after which its slot waited `ms` for a commit before it could send again (0: it went on at once). */
export function traceSlotWait(ms: number): void {
  if (!tracing) return;
  waits.answers += 1;
  if (ms > 0.05) {
    waits.waited += 1;
    waits.ms += ms;
    waits.longest = Math.max(waits.longest, ms);
  }
}

if (tracing)
  process.on('exit', () => {
    const mib = (n: number) => (n / 2 ** 20).toFixed(0);
    const m = process.memoryUsage();
    trace(
      `memory: rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)}/${mib(m.heapTotal)} MiB, external ${mib(m.external)} MiB`,
    );
    trace(
      `slots: ${waits.answers} answers, ${waits.waited} waited for a commit ` +
        `(mean ${(waits.ms / Math.max(1, waits.waited)).toFixed(2)} ms, longest ${waits.longest.toFixed(1)} ms)`,
    );
  });
