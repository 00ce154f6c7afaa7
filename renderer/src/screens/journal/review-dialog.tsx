import { useId, useRef } from 'react';

interface ReviewDialogProps {
  count: number;
  onCancel(): void;
  onConfirm(note: string): void;
}

/**
 * "Mark reviewed" with an optional note, as a real modal (the native dialog, like ConfirmDialog):
 * focus starts in the note, Escape cancels, Ctrl+Enter or the button confirms, and focus goes
 * back where it was. Render it only while open.
 */
export function ReviewDialog({ count, onCancel, onConfirm }: ReviewDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const note = useRef<HTMLTextAreaElement | null>(null);
  const before = useRef<Element | null>(null);

  const open = (element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    before.current = document.activeElement;
    element.showModal();
    note.current?.focus();
  };
  const close = () => {
    dialog.current?.close();
    if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
  };
  const confirm = () => {
    const text = note.current?.value.trim() ?? '';
    close();
    onConfirm(text);
  };
  const what = count === 1 ? '1 entry' : `${count} entries`;

  return (
    <dialog
      ref={open}
      className="confirm"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Mark {what} reviewed</h2>
      <p>They are marked reviewed by you, now. A note is optional.</p>
      <label htmlFor={`${id}-note`}>Note</label>
      <textarea
        id={`${id}-note`}
        ref={note}
        rows={3}
        maxLength={1000}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            confirm();
          }
        }}
      />
      <div className="actions">
        <button type="button" className="primary" onClick={confirm} title="Mark reviewed (Ctrl+Enter)">
          Mark reviewed <kbd>Ctrl+Enter</kbd>
        </button>
        <button
          type="button"
          onClick={() => {
            close();
            onCancel();
          }}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
