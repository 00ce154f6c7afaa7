import { useMemo } from 'react';
import type { JournalState } from '@shared/journal/types';
import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** What clearing the form loses, as true as the journal tells: a new entry, or corrections to a row. */
function lossWords(correcting: number | null, state: JournalState | undefined): string {
  if (correcting === null) return 'What you typed has not been submitted. Clearing the form loses it.';
  const what =
    state === 'rejected'
      ? `#${correcting} was rejected by the service; your corrections are not sent yet.`
      : state === 'failed'
        ? `#${correcting} could not be sent; your corrections are not sent yet.`
        : `Your corrections to #${correcting} are not sent yet.`;
  return `${what} Clearing the form loses them.`;
}

/**
 * Alt+N / Alt+K on a form holding work: asks before clearing it, saying what is lost (for a form
 * that corrects a row, that row's state as the journal has it now).
 */
export function ClearQuestion({
  correcting,
  onKeep,
  onClear,
}: {
  correcting: number | null;
  onKeep: () => void;
  onClear: () => void;
}) {
  const load = useMemo(() => (correcting === null ? null : () => calls.journal.get({ id: correcting })), [correcting]);
  const state = useLive(load).data?.row.state;

  return (
    <ConfirmDialog
      title="Clear this entry?"
      cancelLabel="Keep this entry"
      confirmLabel="Clear it and start a new entry"
      danger
      onCancel={onKeep}
      onConfirm={onClear}
    >
      <p data-testid="clear-loss">{lossWords(correcting, state)}</p>
    </ConfirmDialog>
  );
}
