import { useRef, useState, type KeyboardEvent } from 'react';
import { ENTRY_FIELDS, FIELD_LABELS, isEntryField, type EntryField } from '../../../../shared/entry/fields';
import { columnLetter } from './import-words';

interface FieldSelectProps {
  id: string;
  label: string;
  describedBy: string;
  column: number;
  field: EntryField | null;
  required: readonly EntryField[];
  /** The column each field is in now. */
  usedBy: ReadonlyMap<EntryField, number>;
  onChoose(field: EntryField | null): void;
}

/**
 * The field a column fills. Looking through the list by keyboard (letters typed, arrow keys)
 * takes nothing from another column: only Enter, Tab (leaving the list) or a pick with the mouse
 * makes the choice; Escape puts back the field the column had.
 */
export function FieldSelect({ id, label, describedBy, column, field, required, usedBy, onChoose }: FieldSelectProps) {
  const [pending, setPending] = useState<EntryField | null | undefined>(undefined);
  /** Whether the last change came from a key (a look through the list) rather than a pick. */
  const byKey = useRef(false);
  const commit = (value: EntryField | null | undefined) => {
    setPending(undefined);
    if (value !== undefined && value !== field) onChoose(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(pending);
    } else if (event.key === 'Escape' && pending !== undefined) {
      event.preventDefault();
      setPending(undefined);
    } else byKey.current = event.key !== 'Tab';
  };
  const shown = pending === undefined ? field : pending;
  return (
    <select
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      value={shown ?? ''}
      onKeyDown={onKeyDown}
      onPointerDown={() => (byKey.current = false)}
      onBlur={() => commit(pending)}
      onChange={(event) => {
        const value = isEntryField(event.target.value) ? event.target.value : null;
        if (byKey.current) setPending(value);
        else commit(value);
      }}
    >
      <option value="">— not imported —</option>
      {ENTRY_FIELDS.map((f) => {
        const elsewhere = usedBy.get(f);
        const notes = [
          required.includes(f) ? 'required' : '',
          elsewhere !== undefined && elsewhere !== column ? `now column ${columnLetter(elsewhere)}` : '',
        ].filter(Boolean);
        return (
          <option key={f} value={f}>
            {FIELD_LABELS[f]}
            {notes.length > 0 && ` (${notes.join(', ')})`}
          </option>
        );
      })}
    </select>
  );
}
