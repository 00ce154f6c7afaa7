import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import { calls } from './actions';

type UpdatesView = ResponseOf<'updates:status'>;

/** Where updating stands, in words. */
function stateWords(state: UpdatesView['state']): string {
  switch (state.kind) {
    case 'off':
    case 'refused':
      return state.why;
    case 'idle':
      return state.checkedAt ? 'This desk has the latest version the feed offers.' : 'Not looked at the feed yet.';
    case 'downloading':
      return `Downloading version ${state.version} in the background.`;
    case 'ready':
      return `Version ${state.version} is downloaded and checked: it installs when you quit, or now with Restart to update.`;
    case 'waiting':
      return state.why;
  }
}

/** Settings › About › Updates: the feed this desk follows, where updating stands, and "Restart to update". */
export function UpdatesSection() {
  const id = useId();
  const [view, setView] = useState<UpdatesView | null>(null);
  const [feed, setFeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    void calls.updates.status({}).then((result) => {
      if (!result.ok) return;
      setView(result.data);
      setFeed(result.data.feed ?? '');
    });
  }, []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const result = await calls.updates.setFeed({ feed });
    if (!result.ok) return setError(result.error.fields?.feed ?? result.error.message);
    setError(null);
    setView(result.data);
    setSaved(
      result.data.feed ? 'Saved: this desk follows that update feed.' : 'Saved: this desk follows no update feed.',
    );
  };
  const restart = async () => {
    const result = await calls.updates.restart({});
    if (result.ok) setView(result.data);
  };
  return (
    <>
      <h3>Updates</h3>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-feed`}>Update feed</label>
          <input
            id={`${id}-feed`}
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={feed}
            disabled={view ? !view.mayChange : false}
            placeholder="https://updates.example.com/feed-desk/"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-feed-error` : `${id}-feed-hint`}
            onChange={(e) => {
              setFeed(e.target.value);
              setSaved(null);
            }}
          />
          {error ? (
            <p className="field-error" id={`${id}-feed-error`}>
              {error}
            </p>
          ) : (
            <p className="hint" id={`${id}-feed-hint`}>
              The HTTPS address your office publishes Feed Desk&apos;s installers to.{' '}
              {view?.office
                ? view.mayChange
                  ? 'It is kept in the office journal: every desk of the office follows it.'
                  : 'Kept in the office journal for every desk: a supervisor sets it.'
                : 'Empty: this desk does not update itself.'}
            </p>
          )}
        </div>
        <div className="actions">
          {view?.mayChange !== false && <button type="submit">Save update feed</button>}
          {(view?.state.kind === 'ready' || view?.state.kind === 'waiting') && (
            <button type="button" onClick={() => void restart()}>
              Restart to update
            </button>
          )}
        </div>
      </form>
      {saved && <p role="status">{saved}</p>}
      {view && (
        <p role="status" data-testid="update-state">
          {stateWords(view.state)}
        </p>
      )}
    </>
  );
}
