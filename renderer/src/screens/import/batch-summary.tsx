import { useState } from 'react';
import type { BatchStatusView } from '@shared/ipc/contract';
import { accountWords } from '@shared/import/accounting';
import { stateWords } from './check-step';
import { focusOnMount, plural, when } from './import-words';
import { WithoutPersonal } from '../../components/without-personal';
import { BatchRows } from './batch-rows';

/** A count tile: label, number, tone. */
export type Tile = [label: string, count: number, tone?: string];

/** Count tiles of a batch. */
export function Counts({ tiles, testId }: { tiles: Tile[]; testId: string }) {
  return (
    <dl className="import-counts" data-testid={testId}>
      {tiles.map(([label, n, tone]) => (
        <div key={label} className={tone} data-count={label.toLowerCase()}>
          <dt>{label}</dt>
          <dd>{n.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A batch's rows in one state. */
export const count = (s: BatchStatusView, state: keyof BatchStatusView['counts']) => s.counts[state] ?? 0;

/** The batch's file, profile, rows, and who started it when. */
export function BatchInfo({ status }: { status: BatchStatusView }) {
  const { batch } = status;
  return (
    <p className="batch-info" data-testid="batch-info">
      <strong>{batch.fileName}</strong> · profile {batch.profile} · {plural(batch.fileRows, 'row', 'rows')} in the file
      · started {when(batch.createdAt)} by {batch.operator}
    </p>
  );
}

interface SummaryProps {
  status: BatchStatusView;
  busy: boolean;
  exported: string | null;
  onRetry(): void;
  /** Saves the results CSV, with or without the customers' personal fields. */
  onExport(personal: boolean): void;
  /** Saves the rows left out as invalid, as the file has them (when this session started the batch). */
  onExportRejected?: () => void;
  onJournal(): void;
  onAnother(): void;
}

/** Step 5: a settled batch, every row of its file accounted for, with retry, results and Journal. */
export function Summary(props: SummaryProps) {
  const { status, busy, exported, onRetry, onExport, onExportRejected, onJournal, onAnother } = props;
  const failed = count(status, 'failed');
  const rejected = count(status, 'rejected');
  const unknown = count(status, 'unknown');
  const [withoutPersonal, setWithoutPersonal] = useState(false);
  const notSent = status.leftOut.invalid + status.leftOut.duplicate + status.leftOut.skipped;
  return (
    <section className="card import-step batch" aria-labelledby="import-summary-title" aria-busy={busy}>
      <h2 id="import-summary-title" tabIndex={-1} ref={focusOnMount}>
        5. Summary of batch {status.batch.id}
      </h2>
      <BatchInfo status={status} />
      <p>
        Nothing of this batch is left to send: {stateWords(status.counts)} ({plural(status.total, 'row', 'rows')} in
        all).
      </p>
      <p data-testid="batch-account">{accountWords(status)}.</p>
      {notSent > 0 && (
        <p className="hint">
          Rows not sent are kept with the batch, with their errors or the entry they repeat: the results CSV lists every
          row of the file. Import the corrected file to send them: it continues this batch.
        </p>
      )}
      <Counts
        testId="batch-summary-counts"
        tiles={[
          ['Accepted', count(status, 'accepted'), count(status, 'accepted') ? 'ok' : undefined],
          ['Rejected', rejected, rejected ? 'bad' : undefined],
          ['Failed', failed, failed ? 'bad' : undefined],
          ['Unknown', unknown, unknown ? 'warn' : undefined],
          ['Discarded', count(status, 'discarded')],
          ['Total', status.total],
        ]}
      />
      <BatchRows batch={status.batch.id} settled={JSON.stringify(status.counts)} />
      {failed > 0 && <p>Failed rows could not be delivered (the service was busy or unreachable); retry them now.</p>}
      {rejected > 0 && <p>Rejected rows were refused by the service: the results CSV and the Journal say why.</p>}
      {unknown > 0 && <p>Unknown rows may or may not have been stored: decide each one in the Journal.</p>}
      <div className="actions">
        {failed > 0 && (
          <button type="button" className="primary" onClick={onRetry}>
            Retry failed rows ({failed.toLocaleString()})
          </button>
        )}
        <button type="button" onClick={() => onExport(!withoutPersonal)}>
          Export batch results…
        </button>
        <WithoutPersonal id="batch-without-personal" checked={withoutPersonal} onChange={setWithoutPersonal} />
        {onExportRejected && status.leftOut.invalid > 0 && (
          <button type="button" onClick={onExportRejected}>
            Export rejected rows ({status.leftOut.invalid.toLocaleString()})
          </button>
        )}
        <button type="button" onClick={onJournal}>
          Open these rows in the Journal
        </button>
        <button type="button" onClick={onAnother}>
          Import another file
        </button>
      </div>
      {exported && (
        <p className="saved" data-testid="batch-exported">
          {exported}
        </p>
      )}
    </section>
  );
}
