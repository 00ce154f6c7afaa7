import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** A further answer between the safe choice and the confirming one (a third way out of a question). */
export interface DialogChoice {
  label: string;
  danger?: boolean;
  onChoose(): void;
}

interface ConfirmDialogProps {
  title: string;
  /** The question in words: what the dialog is described by. */
  children: ReactNode;
  /** What the person types or picks before answering (a note, a recordid), below the question. */
  fields?: ReactNode;
  /** The safe choice: on the left, focused first when there is no field, what Escape does. */
  cancelLabel: string;
  /** The choice that changes something: on the right, what Enter in a field and Ctrl+Enter do. */
  confirmLabel: ReactNode;
  danger?: boolean;
  /** Further answers, shown between the two. */
  choices?: readonly DialogChoice[];
  /** Checked before confirming (a field's rules); the question stays open while it says no. */
  check?: () => boolean | Promise<boolean>;
  className?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);

/** Enter answers from a one-line text field, Ctrl+Enter from any field; never from a button, so a key held down cannot confirm. */
function confirmsFrom(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return false;
  const target = event.target;
  const chord = event.ctrlKey || event.metaKey;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type) || chord;
  return chord && (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement);
}

/**
 * The one modal question of the app (the native dialog element: the page behind is inert, Tab stays
 * inside), so every question behaves alike: focus starts in the first field, or on the safe choice
 * when there is none; Enter in a text field and Ctrl+Enter in any field confirm; Escape and the safe
 * choice change nothing; the safe choice is on the left and the confirming one on the right; focus
 * goes back where it was. Render it only while the question is open.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, fields, cancelLabel, confirmLabel, danger, choices = [], check } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const before = useRef<Element | null>(null);
  const safe = useRef<HTMLButtonElement | null>(null);

  const open = (element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    before.current = document.activeElement;
    element.showModal();
    const field = element.querySelector<HTMLElement>('.dialog-fields :is(input, textarea, select):not([readonly])');
    (field ?? safe.current)?.focus();
  };
  const answer = (then: () => void) => {
    dialog.current?.close();
    if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
    then();
  };
  const confirm = async () => {
    if (check && !(await check())) return;
    answer(props.onConfirm);
  };

  return (
    <dialog
      ref={open}
      className={props.className ? `confirm ${props.className}` : 'confirm'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        answer(props.onCancel);
      }}
      onKeyDown={(event) => {
        if (!confirmsFrom(event)) return;
        event.preventDefault();
        void confirm();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      {fields && <div className="dialog-fields">{fields}</div>}
      <div className="actions">
        <button type="button" ref={safe} onClick={() => answer(props.onCancel)}>
          {cancelLabel}
        </button>
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            className={choice.danger ? 'danger' : undefined}
            onClick={() => answer(choice.onChoose)}
          >
            {choice.label}
          </button>
        ))}
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
