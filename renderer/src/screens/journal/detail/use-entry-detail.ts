import { useCallback, useState } from 'react';
import type { JournalDetail, SubmissionView } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import { calls } from '../actions';
import { useLive } from '../../../journal-feed/use-live';

/** Whether a changed row is linked to the one shown (a cancellation of its recordid, or a row it lists as linked). */
function linked(changed: SubmissionView, detail: JournalDetail | null): boolean {
  if (!detail) return false;
  const { row, links } = detail;
  const recordid = row.kind === 'entry' ? row.recordid : row.originalRecordid;
  return (
    links.some((l) => l.id === changed.id) ||
    (recordid !== null &&
      changed.kind === 'cancellation' &&
      changed.profile === row.profile &&
      changed.payload.recordid === String(recordid))
  );
}

/**
 * One journal row's detail: loaded from main, loaded again whenever main says the row or a row
 * linked to it changed (`journal:changed`, whoever changed it: a cancellation filed or answered
 * shows at once), and the person's actions on it with their outcome.
 */
export function useEntryDetail(id: number) {
  const load = useCallback(() => calls.journal.get({ id }), [id]);
  const isAffectedBy = useCallback(
    (changed: SubmissionView, detail: JournalDetail | null) => changed.id === id || linked(changed, detail),
    [id],
  );
  const live = useLive(load, isAffectedBy);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ id: number; ok: boolean; message: string } | null>(null);
  const { reload } = live;

  /**
   * Runs an action; says what it did, or shows main's reason it could not (a possible duplicate is
   * the caller's to ask about). Answers main's result.
   */
  const run = useCallback(
    async <T>(call: () => Promise<Result<T>>, done: string): Promise<Result<T>> => {
      setBusy(true);
      const result = await call();
      setBusy(false);
      if (result.ok) setOutcome({ id, ok: true, message: done });
      else setOutcome(result.error.code === 'duplicate' ? null : { id, ok: false, message: result.error.message });
      reload();
      return result;
    },
    [id, reload],
  );

  return {
    detail: live.data,
    loadError: live.error,
    busy,
    outcome: outcome?.id === id ? outcome : null,
    run,
  };
}
