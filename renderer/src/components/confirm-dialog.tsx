import { useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The safe choice: focused first, what Enter and Escape do. */
  cancelLabel: string;
  /** The choice that changes something: reached only by Tab or a click. */
  confirmLabel: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A real modal question (the native dialog element: the page behind is inert, Tab stays inside).
 * Focus starts on the safe choice, Escape means that choice, and focus goes back where it was.
 * Render it only while the question is open.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, cancelLabel, confirmLabel, danger, onCancel, onConfirm } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const before = useRef<Element | null>(null);
  const safe = useRef<HTMLButtonElement | null>(null);

  const open = (element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    before.current = document.activeElement;
    element.showModal();
    safe.current?.focus();
  };
  const close = () => {
    dialog.current?.close();
    if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
  };

  return (
    <dialog
      ref={open}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        close();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      <div className="actions">
        <button
          type="button"
          className="primary"
          ref={safe}
          onClick={() => {
            close();
            onCancel();
          }}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'danger' : undefined}
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
