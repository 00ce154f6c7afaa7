import { useId, useRef } from 'react';
import { useActionForm, type ActionChoice } from './use-action-form';

interface ActionDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  danger: boolean;
  /** Mark accepted asks for the recordid the service gave. */
  needsRecordid: boolean;
  onCancel: () => void;
  onConfirm: (choice: ActionChoice) => void;
}

/**
 * A modal question for one action on a journal row, with an optional note (and, to mark accepted,
 * the recordid). Like ConfirmDialog: the page behind is inert, Escape and "Cancel" change nothing,
 * and focus goes back where it was. Focus starts in the first thing to type, or on Cancel when
 * the action cannot be undone and there is nothing that must be typed.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { title, text, confirmLabel, danger, needsRecordid, onCancel, onConfirm } = props;
  const id = useId();
  const before = useRef<Element | null>(null);
  const dialog = useRef<HTMLDialogElement | null>(null);
  const { form, submit } = useActionForm(needsRecordid, (choice) => {
    close();
    onConfirm(choice);
  });
  const { errors } = form.formState;

  const open = (element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (!element || element.open) return;
    before.current = document.activeElement;
    element.showModal();
    const first = needsRecordid ? 'recordid' : danger ? 'cancel' : 'note';
    document.getElementById(`${id}-${first}`)?.focus();
  };
  function close() {
    dialog.current?.close();
    if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
  }
  const cancel = () => {
    close();
    onCancel();
  };
  const described = (name: 'recordid' | 'note', hasHint = false) =>
    errors[name] ? `${id}-${name}-error` : hasHint ? `${id}-${name}-hint` : undefined;

  return (
    <dialog
      ref={open}
      className="confirm action-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`}>{text}</p>
        {needsRecordid && (
          <div className="dialog-field">
            <label htmlFor={`${id}-recordid`}>Recordid the service gave</label>
            <input
              id={`${id}-recordid`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-required="true"
              aria-invalid={errors.recordid ? true : undefined}
              aria-describedby={described('recordid', true)}
              {...form.register('recordid')}
            />
            {errors.recordid ? (
              <p className="field-error" id={`${id}-recordid-error`}>
                {errors.recordid.message}
              </p>
            ) : (
              <p className="hint" id={`${id}-recordid-hint`}>
                A whole number, as the service shows it.
              </p>
            )}
          </div>
        )}
        <div className="dialog-field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input
            id={`${id}-note`}
            type="text"
            autoComplete="off"
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={described('note')}
            {...form.register('note')}
          />
          {errors.note && (
            <p className="field-error" id={`${id}-note-error`}>
              {errors.note.message}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="button" id={`${id}-cancel`} className={danger ? 'primary' : undefined} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'danger' : 'primary'}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
