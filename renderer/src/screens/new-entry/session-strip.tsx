import { useMemo } from 'react';
import type { SubmissionView } from '@shared/ipc/contract';
import { stateWords } from '@shared/journal/state-words';
import { useFollowedRows } from '../../journal-feed/journal-feed';

/** How many of this session's entries the strip lists; the journal holds them all. */
const SHOWN = 25;

/** The entries keyed in this window since it opened, newest first, each in its latest state: the feed's rows this window submitted. */
export function useSessionEntries(): readonly SubmissionView[] {
  const rows = useFollowedRows();
  return useMemo(() => rows.filter((row) => row.kind === 'entry'), [rows]);
}

/**
 * The entries keyed in this window, newest first, with recordid, reference, surname and state:
 * it stays when a new entry is started and follows each row's state live.
 */
export function SessionStrip() {
  const entries = useSessionEntries();
  return (
    <section className="session" aria-labelledby="session-title">
      <h2 id="session-title">Keyed this session</h2>
      {entries.length === 0 ? (
        <p className="hint">Entries you submit are listed here with their recordid.</p>
      ) : (
        <table aria-labelledby="session-title">
          <thead>
            <tr>
              <th scope="col">Recordid</th>
              <th scope="col">Reference</th>
              <th scope="col">Surname</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, SHOWN).map((row) => (
              <tr key={row.id} className={`state-${row.state}`}>
                <td className="num">{row.recordid ?? '–'}</td>
                <td>{row.payload.reference}</td>
                <td>{row.payload.surname}</td>
                <td>{stateWords(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entries.length > SHOWN && (
        <p className="hint">
          The latest {SHOWN} of {entries.length} entries keyed this session; the journal holds them all.
        </p>
      )}
    </section>
  );
}
