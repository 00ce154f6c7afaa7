import type { ImportRequest } from './use-import-check';
import { useEffect, useRef, useState } from 'react';
import type { Result } from '@shared/ipc/result';
import { calls } from './actions';
import { navigate } from '../../use-hash-route';
import { stateWords } from './check-step';
import { plural, toneOf, type Announce } from './import-words';
import { useBatchStatus } from './use-batch-status';

/**
 * The logic of a batch's panel: its status followed live, its finish announced once as it
 * happens, and the actions on it (pause or resume, cancel, retry failed rows, export the
 * results), one at a time.
 */
export function useBatchPanel(batch: number, announce: Announce) {
  const { status, error, rate, accept, setError } = useBatchStatus(batch);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  const finished = status !== null && status.remaining === 0;
  /** Whether the batch was finished at the last status: its finish is announced once, as it happens. */
  const wasFinished = useRef<boolean | null>(null);

  useEffect(() => {
    if (!status) return;
    if (finished && wasFinished.current === false) {
      const accepted = status.counts.accepted ?? 0;
      announce(`Batch ${batch} finished: ${stateWords(status.counts)}.`, toneOf(accepted, status.total - accepted));
    }
    wasFinished.current = finished;
  }, [finished, status, batch, announce]);

  /** One action at a time. Buttons stay enabled (a disabled button would drop the keyboard focus); a second press waits its turn by being ignored. */
  async function act<T>(call: () => Promise<Result<T>>, then: (data: T) => void) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    then(result.data);
  }
  const togglePause = (paused: boolean) =>
    void act(
      () => calls.imports.pause({ batch, paused }),
      (next) => {
        accept(next);
        announce(
          paused
            ? `Batch ${batch} paused: no more rows are sent. Rows already being sent finish.`
            : `Batch ${batch} resumed: sending goes on.`,
          paused ? 'warn' : undefined,
        );
      },
    );
  const cancel = (discard: boolean) =>
    void act(
      () => calls.imports.cancel({ batch, discard }),
      ({ discarded, status: next }) => {
        // A discard that ends the batch is announced as the cancel it is, not as a finish.
        wasFinished.current = next.remaining === 0;
        accept(next);
        announce(
          discard
            ? `Batch ${batch} cancelled: ${plural(discarded, 'unsent row was', 'unsent rows were')} discarded.`
            : `Batch ${batch} cancelled: the unsent rows stay queued with the batch paused. Resume sends them.`,
          'warn',
        );
      },
    );
  const retry = () =>
    void act(
      () => calls.imports.retryFailed({ batch }),
      ({ retried, status: next }) => {
        accept(next);
        announce(`${plural(retried, 'failed row is', 'failed rows are')} queued again; sending has started.`);
      },
    );
  const exportResults = (personal: boolean) => {
    setExported(null);
    void act(
      () => calls.imports.exportResults({ batch, personal }),
      ({ path, rows }) => {
        const words = path
          ? `Saved the results of ${plural(rows, 'row', 'rows')} to ${path}`
          : 'Not saved: no file was chosen.';
        setExported(words);
        announce(words, path ? 'ok' : undefined);
      },
    );
  };
  /** The rows of the file left out as invalid, as the file has them (the import's request, this session only). */
  const exportRejected = (request: ImportRequest) => {
    setExported(null);
    void act(
      () => calls.imports.exportRejected(request),
      ({ path, rows }) => {
        const words = path
          ? `Saved ${plural(rows, 'rejected row', 'rejected rows')} to ${path}`
          : 'Not saved: no file was chosen.';
        setExported(words);
        announce(words, path ? 'ok' : undefined);
      },
    );
  };
  const openInJournal = () => navigate('journal', `batch=${batch}`);

  return {
    status,
    error,
    rate,
    busy,
    exported,
    finished,
    asking,
    setAsking,
    togglePause,
    cancel,
    retry,
    exportResults,
    exportRejected,
    openInJournal,
  };
}
