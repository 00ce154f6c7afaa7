import { Combobox } from '../../components/combobox';
import type { ComboOption } from '../../components/use-combobox';
import { ENTRY_FIELDS, FIELD_LABELS, isEntryField, type EntryField } from '@shared/entry/fields';
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

/** The words that mean "this column is not imported". */
export const NOT_IMPORTED = '— not imported —';

/**
 * The field a column fills, found by typing part of its label or name. Looking through the list
 * (letters typed, arrow keys) takes nothing from another column: only Enter, Tab or a click makes
 * the choice; Escape puts back the field the column had.
 */
export function FieldSelect({ id, label, describedBy, column, field, required, usedBy, onChoose }: FieldSelectProps) {
  const options: ComboOption<EntryField | ''>[] = [
    { value: '', label: NOT_IMPORTED, words: 'none ignore skip' },
    ...ENTRY_FIELDS.map((f) => {
      const elsewhere = usedBy.get(f);
      const note = [
        required.includes(f) ? 'required' : '',
        elsewhere !== undefined && elsewhere !== column ? `now column ${columnLetter(elsewhere)}` : '',
      ].filter(Boolean);
      return { value: f, label: FIELD_LABELS[f], words: f, note: note.join(', ') || undefined };
    }),
  ];
  return (
    <Combobox
      id={id}
      label={label}
      describedBy={describedBy}
      options={options}
      value={field ?? ''}
      onChoose={(value) => onChoose(isEntryField(value) ? value : null)}
      noMatch="No field has these words"
    />
  );
}
