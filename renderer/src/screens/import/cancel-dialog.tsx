import { useRef } from 'react';
import { plural } from './import-words';

interface CancelDialogProps {
  batch: number;
  unsent: number;
  onClose(): void;
  onCancel(discard: boolean): void;
}

/**
 * Cancelling a batch, as a real modal question: go on sending (the safe choice, focused first and
 * what Escape means), keep the unsent rows queued with the batch paused, or discard them.
 */
export function CancelDialog({ batch, unsent, onClose, onCancel }: CancelDialogProps) {
  const before = useRef<Element | null>(null);
  const safe = useRef<HTMLButtonElement | null>(null);
  const dialog = useRef<HTMLDialogElement | null>(null);

  const open = (element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    before.current = document.activeElement;
    element.showModal();
    safe.current?.focus();
  };
  const close = (then: () => void) => {
    dialog.current?.close();
    if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
    then();
  };

  return (
    <dialog
      ref={open}
      className="confirm"
      aria-labelledby="cancel-batch-title"
      aria-describedby="cancel-batch-text"
      onCancel={(event) => {
        event.preventDefault();
        close(onClose);
      }}
    >
      <h2 id="cancel-batch-title">Cancel this batch?</h2>
      <div id="cancel-batch-text">
        <p>
          {plural(unsent, 'row has', 'rows have')} not been sent yet. Rows being sent right now finish either way, and
          their answers are recorded.
        </p>
        <p>
          Kept rows stay queued with the batch paused: resume it later under Bulk import › Recent imports (batch {batch}
          ). Discarded rows are never sent.
        </p>
      </div>
      <div className="actions">
        <button type="button" className="primary" ref={safe} onClick={() => close(onClose)}>
          Go on sending
        </button>
        <button type="button" onClick={() => close(() => onCancel(false))}>
          Keep unsent rows queued
        </button>
        <button type="button" className="danger" onClick={() => close(() => onCancel(true))}>
          Discard unsent rows
        </button>
      </div>
    </dialog>
  );
}
