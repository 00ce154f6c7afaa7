import { useState } from 'react';
import { formatScreenDate, parseScreenDate } from '@shared/entry/screen-date';
import { useScreenDateOrder } from '../../preferences';

interface DateFilterProps {
  id: string;
  label: string;
  /** The day the hash holds (YYYY-MM-DD), if any. */
  value: string | undefined;
  onChange(value: string | undefined): void;
}

/**
 * A day of the list's filter, typed as every date in the app is (one text field in the order
 * chosen under Settings, with or without separators: `24112026`), never the browser's date input.
 * A whole date filters at once; a date that cannot be read says why when the field is left.
 * A change of the hash from elsewhere (Back, Clear filters) replaces the text.
 */
export function DateFilter({ id, label, value, onChange }: DateFilterProps) {
  const order = useScreenDateOrder();
  const shown = (iso: string | undefined) => (iso ? formatScreenDate(iso, order) : '');
  const [state, setState] = useState({ text: shown(value), seen: value, error: '' });
  if (value !== state.seen) setState({ text: shown(value), seen: value, error: '' });
  const read = parseScreenDate(state.text, order);

  const type = (text: string) => {
    setState((s) => ({ ...s, text, error: '' }));
    const typed = parseScreenDate(text, order);
    if (typed.ok && (typed.value || undefined) !== value) onChange(typed.value || undefined);
  };
  const hint = `${id}-hint`;
  return (
    <div className="filter date">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={state.text}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={hint}
        onChange={(event) => type(event.target.value)}
        onBlur={() => !read.ok && setState((s) => ({ ...s, error: read.message }))}
      />
      <span id={hint} className={state.error ? 'field-error' : 'hint'}>
        {state.error || order}
      </span>
    </div>
  );
}
