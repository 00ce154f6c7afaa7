import { useCallback, useState } from 'react';
import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';
import { navigate, useHashQuery } from '../../use-hash-route';
import type { ProfilesState } from '../../use-profiles';
import { BatchPanel } from './batch-panel';
import { ImportFlow } from './import-flow';
import type { ImportRequest } from './use-import-check';
import type { Started } from './use-import-flow';
import { plural, when, type Tone } from './import-words';
import { ScreenTitle } from '../../components/screen-title';
import './import.css';

/** The batch the hash shows (`#/import?batch=12`), if any. */
function batchOf(query: string): number | null {
  const value = new URLSearchParams(query).get('batch');
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/**
 * Bulk import (`#/import`; `?batch=N` shows one batch): a CSV or .xlsx file checked row by row,
 * fixed where needed, queued as one batch and followed while it is sent. One status line
 * announces what happens.
 */
export function ImportScreen({ profiles }: { profiles: ProfilesState }) {
  const batch = batchOf(useHashQuery());
  const [message, setMessage] = useState<{ text: string; tone: Tone }>({ text: '', tone: undefined });
  const [started, setStarted] = useState<Started | null>(null);
  const [startedFrom, setStartedFrom] = useState<ImportRequest | null>(null);
  /** A new flow (file steps afresh) after each batch started from this screen. */
  const [round, setRound] = useState(0);
  const announce = useCallback((text: string, tone?: Tone) => setMessage({ text, tone }), []);
  const state = profiles.state;

  const onStarted = (answer: Started, request: ImportRequest) => {
    setStarted(answer);
    setStartedFrom(request);
    setRound((n) => n + 1);
    navigate('import', `batch=${answer.batch.id}`);
  };

  return (
    <>
      <ScreenTitle>Bulk import</ScreenTitle>
      <div className="import">
        <div className="screen-head">
          <h1>Bulk import</h1>
          <p className="hint">
            Choose a file, check its columns and rows, fix or leave out the rows with errors, then send them as one
            batch.
          </p>
        </div>
        <p
          role="status"
          className={`import-status${message.tone ? ` ${message.tone}` : ''}`}
          data-testid="import-status"
          data-tone={message.tone}
        >
          {message.text}
        </p>
        {batch !== null ? (
          <BatchPanel
            key={batch}
            batch={batch}
            started={started?.batch.id === batch ? started : null}
            startedFrom={started?.batch.id === batch ? startedFrom : null}
            announce={announce}
            onAnother={() => navigate('import')}
          />
        ) : state ? (
          <>
            <ImportFlow
              key={round}
              profiles={state.profiles}
              active={state.active}
              announce={announce}
              onStarted={onStarted}
            />
            <RecentImports />
          </>
        ) : (
          <p>Loading…</p>
        )}
      </div>
    </>
  );
}

const loadRecent = () => calls.imports.recent({});

/** The latest batches (kept current as the journal changes), each a link to its progress or summary (a paused batch is resumed there). */
function RecentImports() {
  const batches = useLive(loadRecent).data?.batches.slice(0, 8);
  if (!batches?.length) return null;
  return (
    <section className="card import-step recent" aria-labelledby="import-recent-title">
      <h2 id="import-recent-title">Recent imports</h2>
      <ul>
        {batches.map((b) => (
          <li key={b.id}>
            <a href={`#/import?batch=${b.id}`}>
              Batch {b.id} — {b.fileName}
            </a>{' '}
            <span className="hint">
              {b.profile}, {plural(b.fileRows, 'row', 'rows')}, {when(b.createdAt)} by {b.operator}
            </span>
            {b.paused && <span className="tag">paused</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
