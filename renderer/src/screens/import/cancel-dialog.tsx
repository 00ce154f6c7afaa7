import { ConfirmDialog } from '../../components/confirm-dialog';
import { plural } from './import-words';

interface CancelDialogProps {
  batch: number;
  unsent: number;
  onClose(): void;
  onCancel(discard: boolean): void;
}

/**
 * Cancelling a batch: go on sending (the safe choice, focused first and what Escape means), keep
 * the unsent rows queued with the batch paused, or discard them.
 */
export function CancelDialog({ batch, unsent, onClose, onCancel }: CancelDialogProps) {
  return (
    <ConfirmDialog
      title="Cancel this batch?"
      cancelLabel="Go on sending"
      choices={[{ label: 'Discard unsent rows', danger: true, onChoose: () => onCancel(true) }]}
      confirmLabel="Keep unsent rows queued"
      onCancel={onClose}
      onConfirm={() => onCancel(false)}
    >
      <p>
        {plural(unsent, 'row has', 'rows have')} not been sent yet. Rows being sent right now finish either way, and
        their answers are recorded.
      </p>
      <p>
        Kept rows stay queued with the batch paused: resume it later under Bulk import › Recent imports (batch {batch}).
        Discarded rows are never sent.
      </p>
    </ConfirmDialog>
  );
}
