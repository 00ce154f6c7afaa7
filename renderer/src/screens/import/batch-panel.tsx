import type { ImportRequest } from './use-import-check';
import type { BatchStatusView } from '@shared/ipc/contract';
import { CancelDialog } from './cancel-dialog';
import type { Started } from './use-import-flow';
import { focusOnMount, plural, rateWords, timeLeft, type Announce } from './import-words';
import { BatchInfo, Counts, count, Summary, type Tile } from './batch-summary';
import { useBatchPanel } from './use-batch-panel';

interface BatchPanelProps {
  batch: number;
  /** What queueing answered, when this batch was just started here. */
  started: Started | null;
  /** The request the batch was started from here (this session): its rejected rows can be exported. */
  startedFrom?: ImportRequest | null;
  announce: Announce;
  onAnother(): void;
}

/**
 * Steps 4 and 5 of a bulk import (`#/import?batch=N`): the batch's progress while rows remain (a
 * progress bar, counts, rate and time left, Pause/Resume and Cancel), then its summary (Retry
 * failed rows, the results CSV, the batch in the Journal). Follows journal changes live (the logic in useBatchPanel).
 */
export function BatchPanel({ batch, started, startedFrom, announce, onAnother }: BatchPanelProps) {
  const panel = useBatchPanel(batch, announce);
  const { status, error, finished, busy, asking, setAsking } = panel;
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
          exported={panel.exported}
          onRetry={panel.retry}
          onExport={panel.exportResults}
          onExportRejected={startedFrom ? () => panel.exportRejected(startedFrom) : undefined}
          onJournal={panel.openInJournal}
          onAnother={onAnother}
        />
      ) : (
        <Progress
          status={status}
          started={started}
          rate={panel.rate}
          busy={busy}
          onPause={panel.togglePause}
          onCancel={() => setAsking(true)}
          onJournal={panel.openInJournal}
        />
      )}
      {asking && status && (
        <CancelDialog
          batch={batch}
          unsent={status.remaining}
          onClose={() => setAsking(false)}
          onCancel={(discard) => {
            setAsking(false);
            panel.cancel(discard);
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
