import { useState } from 'react';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';

const loadFolder = () => calls.app.dataFolder({});

/**
 * Settings › Data folder: where this desk keeps its profiles, settings and (on this computer) its
 * journal, for an administrator's backups: the path, Copy path and Open folder.
 */
export function DataFolder() {
  const path = useRead(loadFolder).data?.path ?? null;
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(path ?? '');
      setNote({ text: 'Path copied.', error: false });
    } catch {
      setNote({ text: 'Could not copy: select the path and copy it.', error: true });
    }
  };
  const open = async () => {
    const result = await calls.app.openDataFolder({});
    setNote(result.ok ? null : { text: result.error.message, error: true });
  };
  return (
    <section className="card data-folder" aria-labelledby="data-folder-title">
      <h2 id="data-folder-title">Data folder</h2>
      <p>Profiles, settings and the journal on this computer are kept here: back this folder up.</p>
      <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <code data-testid="data-folder">{path ?? 'Looking for the data folder…'}</code>
      </pre>
      <div className="actions">
        <button type="button" disabled={!path} onClick={() => void copy()}>
          Copy path
        </button>
        <button type="button" disabled={!path} onClick={() => void open()}>
          Open folder
        </button>
      </div>
      <p role="status" className={note?.error ? 'field-error' : undefined}>
        {note?.text ?? ''}
      </p>
    </section>
  );
}
