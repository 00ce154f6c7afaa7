import { useId, useRef } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface ReviewDialogProps {
  count: number;
  onCancel(): void;
  onConfirm(note: string): void;
}

/** "Mark reviewed" with an optional note: focus starts in the note, and Enter there marks them. Render it only while open. */
export function ReviewDialog({ count, onCancel, onConfirm }: ReviewDialogProps) {
  const id = useId();
  const note = useRef<HTMLInputElement | null>(null);
  const what = count === 1 ? '1 entry' : `${count} entries`;

  return (
    <ConfirmDialog
      title={`Mark ${what} reviewed`}
      cancelLabel="Cancel"
      confirmLabel="Mark reviewed"
      onCancel={onCancel}
      onConfirm={() => onConfirm(note.current?.value.trim() ?? '')}
      fields={
        <div className="dialog-field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input id={`${id}-note`} ref={note} type="text" autoComplete="off" maxLength={1000} />
        </div>
      }
    >
      <p>They are marked reviewed by you, now. A note is optional.</p>
    </ConfirmDialog>
  );
}
