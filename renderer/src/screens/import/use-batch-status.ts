import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchStatusView } from '@shared/ipc/contract';
import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';

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
 * journal feed's, never polled), one read at a time however many rows change. An answer given to
 * `accept` (pause, retry) shows until the read it starts answers; reads it overtook are dropped.
 * The rate comes from how the decided count grew over time.
 */
export function useBatchStatus(batch: number) {
  const read = useLive(useCallback(() => calls.imports.status({ batch }), [batch]));
  const { reload } = read;
  /** An answer given to `accept`, and the status read before it, which it stands in for until a read answers. */
  const [taken, setTaken] = useState<{ status: BatchStatusView; over: BatchStatusView | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const samples = useRef<Sample[]>([]);

  useEffect(() => {
    samples.current = [];
    setRate(null);
  }, [batch]);

  // A read that answered after the answer taken is newer than it.
  const status = taken && taken.over === read.data && taken.status.batch.id === batch ? taken.status : read.data;

  useEffect(() => {
    if (!status) return;
    const now = Date.now();
    const done = doneOf(status);
    const kept = samples.current.filter((s) => s.at >= now - RATE_WINDOW_MS);
    // Paused, or fewer decided than before (failed rows queued again): the rate starts afresh.
    const fresh = status.batch.paused || status.remaining === 0 || kept.some((s) => s.done > done);
    samples.current = fresh ? [] : [...kept, { at: now, done }];
    setRate(fresh ? null : rateOf(samples.current));
  }, [status]);

  const accept = useCallback(
    (next: BatchStatusView) => {
      setTaken({ status: next, over: read.data });
      setError(null);
      reload();
    },
    [reload, read.data],
  );

  return { status, error: error ?? read.error, rate, accept, setError };
}
