import { useState } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import { calls } from './actions';
import { formatTime } from '../journal/detail/format';
import { Outcome, type Said } from './office-outcome';

export type AuditLines = ResponseOf<'office:audit'>['lines'];

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** "Bring this desk's history": copies the journal on this computer into the office journal. */
export function ImportLocal({ onDone }: { onDone: () => void }) {
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setSaid(null);
    const result = await calls.office.importLocal({});
    setBusy(false);
    setSaid(
      result.ok
        ? { ok: true, text: `${entries(result.data.imported)} copied, ${result.data.skipped} already there.` }
        : { ok: false, text: result.error.message },
    );
    onDone();
  };
  return (
    <div className="import-local">
      <p className="hint">
        Copies every entry of the journal on this computer, with its history, marked as imported from this desk. Safe to
        run again: nothing is copied twice.
      </p>
      <button type="button" aria-disabled={busy} onClick={() => void run()}>
        {busy ? 'Copying…' : 'Bring this desk’s history'}
      </button>
      <Outcome said={said} testId="import-local" />
    </div>
  );
}

/** The administration audit, newest first: who did what, when. */
export function AuditList({ lines }: { lines: AuditLines }) {
  if (!lines.length) return <p>No administration yet.</p>;
  return (
    <table className="audit" aria-label="Administration audit">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td>{formatTime(l.at)}</td>
            <td>{l.actor}</td>
            <td>{l.detail ? `${l.action}: ${l.detail}` : l.action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
