import { useEffect, useRef, useState } from 'react';
import type { BatchStatusView } from '../../../../shared/ipc/contract';
import type { Result } from '../../../../shared/ipc/result';
import { api } from '../../api';
import { navigate } from '../../use-hash-route';
import { CancelDialog } from './cancel-dialog';
import { stateWords } from './check-step';
import type { Started } from './import-flow';
import { focusOnMount, plural, rateWords, timeLeft, toneOf, type Announce } from './import-words';
import { BatchInfo, Counts, count, Summary, type Tile } from './batch-summary';
import { useBatchStatus } from './use-batch-status';

interface BatchPanelProps {
  batch: number;
  /** What queueing answered, when this batch was just started here. */
  started: Started | null;
  announce: Announce;
  onAnother(): void;
}

/**
 * Steps 4 and 5 of a bulk import (`#/import?batch=N`): the batch's progress while rows remain (a
 * progress bar, counts, rate and time left, Pause/Resume and Cancel), then its summary (Retry
 * failed rows, the results CSV, the batch in the Journal). Follows journal changes live.
 */
export function BatchPanel({ batch, started, announce, onAnother }: BatchPanelProps) {
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
      () => api.imports.pause({ batch, paused }),
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
      () => api.imports.cancel({ batch, discard }),
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
      () => api.imports.retryFailed({ batch }),
      ({ retried, status: next }) => {
        accept(next);
        announce(`${plural(retried, 'failed row is', 'failed rows are')} queued again; sending has started.`);
      },
    );
  const exportResults = (personal: boolean) => {
    setExported(null);
    void act(
      () => api.imports.exportResults({ batch, personal }),
      ({ path, rows }) => {
        const words = path
          ? `Saved the results of ${plural(rows, 'row', 'rows')} to ${path}`
          : 'Not saved: no file was chosen.';
        setExported(words);
        announce(words, path ? 'ok' : undefined);
      },
    );
  };
  const openInJournal = () => navigate('journal', `batch=${batch}`);

  return (
    <>
      {error && (
        <p role="alert" className="banner error">
          {error}
        </p>
      )}
      {!status ? (
        !error && <p>Loading batch {batch}…</p>
      ) : finished ? (
        <Summary
          status={status}
          busy={busy}
          exported={exported}
          onRetry={retry}
          onExport={exportResults}
          onJournal={openInJournal}
          onAnother={onAnother}
        />
      ) : (
        <Progress
          status={status}
          started={started}
          rate={rate}
          busy={busy}
          onPause={togglePause}
          onCancel={() => setAsking(true)}
          onJournal={openInJournal}
        />
      )}
      {asking && status && (
        <CancelDialog
          batch={batch}
          unsent={status.remaining}
          onClose={() => setAsking(false)}
          onCancel={(discard) => {
            setAsking(false);
            cancel(discard);
          }}
        />
      )}
    </>
  );
}

interface ProgressProps {
  status: BatchStatusView;
  started: Started | null;
  rate: number | null;
  busy: boolean;
  onPause(paused: boolean): void;
  onCancel(): void;
  onJournal(): void;
}

function Progress({ status, started, rate, busy, onPause, onCancel, onJournal }: ProgressProps) {
  const id = status.batch.id;
  const paused = status.batch.paused;
  const discarded = count(status, 'discarded');
  const goal = Math.max(0, status.total - discarded);
  const done = goal - status.remaining;
  const percent = goal ? Math.floor((done * 100) / goal) : 0;
  const skipped =
    started &&
    [
      started.invalid && plural(started.invalid, 'invalid row', 'invalid rows'),
      started.skipped.length && plural(started.skipped.length, 'duplicate', 'duplicates'),
      started.already && `${plural(started.already, 'row', 'rows')} sent by the earlier import`,
    ].filter(Boolean);
  return (
    <section className="card import-step batch" aria-labelledby="import-progress-title" aria-busy={busy}>
      <h2 id="import-progress-title" tabIndex={-1} ref={focusOnMount}>
        4. Sending batch {id}
      </h2>
      <BatchInfo status={status} />
      {started && (
        <p>
          Queued {plural(started.queued, 'row', 'rows')}.
          {skipped && skipped.length > 0 && ` Left out: ${skipped.join(', ')}.`}
        </p>
      )}
      <div className="progress-line">
        <label htmlFor="import-progress">Batch progress</label>
        <progress id="import-progress" max={Math.max(goal, 1)} value={done} aria-describedby="import-progress-words" />
        <span id="import-progress-words" data-testid="batch-progress-words">
          {done.toLocaleString()} of {goal.toLocaleString()} rows done ({percent} %)
        </span>
      </div>
      <Counts
        testId="batch-counts"
        tiles={[
          ['Accepted', count(status, 'accepted'), count(status, 'accepted') ? 'ok' : undefined],
          ['Rejected', count(status, 'rejected'), count(status, 'rejected') ? 'bad' : undefined],
          ['Failed', count(status, 'failed'), count(status, 'failed') ? 'bad' : undefined],
          ['Unknown', count(status, 'unknown'), count(status, 'unknown') ? 'warn' : undefined],
          ['Remaining', status.remaining],
          ...(discarded ? [['Discarded', discarded] as Tile] : []),
        ]}
      />
      <p className="batch-rate" data-testid="batch-rate">
        {paused
          ? 'Paused: no rows are being sent.'
          : rate
            ? `${rateWords(rate)} · ${timeLeft(status.remaining / rate)} left`
            : 'Working out the rate…'}
      </p>
      {paused && (
        <p className="banner warning">
          Batch {id} is paused: {plural(status.remaining, 'row waits', 'rows wait')}. Resume to send{' '}
          {status.remaining === 1 ? 'it' : 'them'}.
        </p>
      )}
      <div className="actions">
        <button type="button" className={paused ? 'primary' : undefined} onClick={() => onPause(!paused)}>
          {paused ? 'Resume sending' : 'Pause sending'}
        </button>
        <button type="button" className="danger" onClick={onCancel}>
          Cancel batch…
        </button>
        <button type="button" onClick={onJournal}>
          Open in Journal
        </button>
      </div>
    </section>
  );
}
