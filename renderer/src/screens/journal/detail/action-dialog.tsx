import { useId } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
 * A question for one action on a journal row, with an optional note (and, to mark accepted, the
 * recordid), asked as every question is (ConfirmDialog): focus in the first field, Enter there
 * answers once the fields are right.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { title, text, confirmLabel, danger, needsRecordid, onCancel, onConfirm } = props;
  const id = useId();
  const { form, submit } = useActionForm(needsRecordid, onConfirm);
  const { errors } = form.formState;
  const described = (name: 'recordid' | 'note', hasHint = false) =>
    errors[name] ? `${id}-${name}-error` : hasHint ? `${id}-${name}-hint` : undefined;

  const fields = (
    <>
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
    </>
  );

  return (
    <ConfirmDialog
      title={title}
      className="action-dialog"
      cancelLabel="Cancel"
      confirmLabel={confirmLabel}
      danger={danger}
      fields={fields}
      check={() => form.trigger(undefined, { shouldFocus: true })}
      onCancel={onCancel}
      onConfirm={() => void submit()}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
