import { useCallback, useEffect, useRef, useState } from 'react';
import type { JournalDetail, SubmissionView } from '../../../../../shared/ipc/contract';
import type { Result } from '../../../../../shared/ipc/result';
import { api } from '../../../api';

type Loaded = { id: number; detail: JournalDetail | null; error: string | null };

/** Whether a changed row is linked to this one (a cancellation of its recordid, or a row it lists as linked). */
function linkedTo(detail: JournalDetail): (changed: SubmissionView) => boolean {
  const { row, links } = detail;
  const recordid = row.kind === 'entry' ? row.recordid : row.originalRecordid;
  return (changed) =>
    links.some((l) => l.id === changed.id) ||
    (recordid !== null &&
      changed.kind === 'cancellation' &&
      changed.profile === row.profile &&
      changed.payload.recordid === String(recordid));
}

/**
 * One journal row's detail: loaded from main, loaded again whenever main says the row or a row
 * linked to it changed (`journal:changed`, whoever changed it: a cancellation filed or answered
 * shows at once), and the person's actions on it with their outcome.
 */
export function useEntryDetail(id: number) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ id: number; ok: boolean; message: string } | null>(null);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const linked = useRef<(changed: SubmissionView) => boolean>(() => false);

  useEffect(() => {
    let live = true;
    void api.journal.get({ id }).then((result) => {
      if (!live) return;
      linked.current = result.ok ? linkedTo(result.data) : () => false;
      setLoaded(
        result.ok ? { id, detail: result.data, error: null } : { id, detail: null, error: result.error.message },
      );
    });
    return () => {
      live = false;
    };
  }, [id, version]);

  useEffect(() => api.journal.onChanged((row) => (row.id === id || linked.current(row)) && reload()), [id, reload]);

  /** Runs an action; says what it did, or shows main's reason it could not. */
  const run = useCallback(
    async (call: () => Promise<Result<unknown>>, done: string) => {
      setBusy(true);
      const result = await call();
      setBusy(false);
      setOutcome(result.ok ? { id, ok: true, message: done } : { id, ok: false, message: result.error.message });
      reload();
    },
    [id, reload],
  );

  const current = loaded?.id === id ? loaded : null;
  return {
    detail: current?.detail ?? null,
    loadError: current?.error ?? null,
    busy,
    outcome: outcome?.id === id ? outcome : null,
    run,
  };
}
