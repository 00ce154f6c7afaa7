import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchStatusView } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { onJournalChanges } from '../../journal-feed/journal-feed';

/** The rate is measured over the last this many milliseconds of progress. */
const RATE_WINDOW_MS = 15_000;

interface Sample {
  at: number;
  done: number;
}

/** Rows decided (sent and answered, or given up) of a status: everything but what remains and what was discarded. */
const doneOf = (s: BatchStatusView) => s.total - s.remaining - (s.counts.discarded ?? 0);

/** Rows per second over the samples kept, once they span a second or more. */
function rateOf(samples: readonly Sample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 1000 || last.done <= first.done) return null;
  return ((last.done - first.done) * 1000) / (last.at - first.at);
}

/**
 * A batch's status, read when it opens and again after each burst of journal changes (the
 * journal feed's, never polled), one read at a time however many rows change. The rate comes from how the decided count grew over time.
 */
export function useBatchStatus(batch: number) {
  const [status, setStatus] = useState<BatchStatusView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const samples = useRef<Sample[]>([]);
  /** Bumped by every answer given to `accept`, so a read overtaken by one (pause, retry) is dropped. */
  const version = useRef(0);

  const accept = useCallback((next: BatchStatusView) => {
    version.current += 1;
    setStatus(next);
    setError(null);
    const now = Date.now();
    const done = doneOf(next);
    const kept = samples.current.filter((s) => s.at >= now - RATE_WINDOW_MS);
    // Paused, or fewer decided than before (failed rows queued again): the rate starts afresh.
    const fresh = next.batch.paused || next.remaining === 0 || kept.some((s) => s.done > done);
    samples.current = fresh ? [] : [...kept, { at: now, done }];
    setRate(fresh ? null : rateOf(samples.current));
  }, []);

  useEffect(() => {
    let live = true;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      const before = version.current;
      const result = await api.imports.status({ batch });
      reading = false;
      if (!live) return;
      if (!result.ok) setError(result.error.message);
      else if (version.current === before) accept(result.data);
      if (again) {
        again = false;
        void read();
      }
    };
    samples.current = [];
    void read();
    const off = onJournalChanges(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [batch, accept]);

  return { status, error, rate, accept, setError };
}
