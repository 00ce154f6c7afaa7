import type { ReactNode } from 'react';

/** ARIA attributes tying an input to its error message. */
export interface ErrorAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface SettingProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  /** Renders the input, given its id and the attributes linking it to the error. */
  children: (aria: ErrorAria) => ReactNode;
}

/** One labelled setting with an optional hint and an error message linked to its input. */
export function Setting({ id, label, error, hint, wide, children }: SettingProps) {
  const errorId = `${id}-error`;
  const aria: ErrorAria = error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id };
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(aria)}
      {hint && <p className="hint">{hint}</p>}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
