import {
  DEFAULT_CANCELLATION_FIELDS,
  isDefaultCancellationField,
  type CancellationFieldDef,
  type CancellationFieldType,
} from '@shared/profile/cancellation-fields';
import type { Profile } from '@shared/profile/schema';

/** One row of the cancellation field set as the settings form holds it (every value as typed). */
export interface CancellationRowValues {
  name: string;
  label: string;
  type: CancellationFieldType;
  /** The name on the wire as typed; ignored while `leaveOut` is ticked. */
  wire: string;
  leaveOut: boolean;
  required: boolean;
  /** Digits as typed; empty = no limit. */
  maxLength: string;
  /** A choice field's options, one per line or separated by commas. */
  options: string;
  /** One of the six default fields: renamed or left out, never removed; its name, label and type are fixed. */
  preset: boolean;
  /** An extra field that holds a person's details: removed by retention and erasure. */
  personal: boolean;
}

/** How each type is named on screen. */
export const TYPE_LABELS: Record<CancellationFieldType, string> = {
  text: 'Text',
  date: 'Date',
  integer: 'Whole number',
  money: 'Money',
  choice: 'Choice',
};

/** A new extra field, as "Add field" starts it. */
export function newExtraRow(): CancellationRowValues {
  return {
    name: '',
    label: '',
    type: 'text',
    wire: '',
    leaveOut: false,
    required: false,
    maxLength: '',
    options: '',
    preset: false,
    personal: false,
  };
}

/** The form rows for a profile's field set (the defaults for a new profile). */
export function toCancellationRows(fields: readonly CancellationFieldDef[] | undefined): CancellationRowValues[] {
  return (fields ?? DEFAULT_CANCELLATION_FIELDS).map((f) => ({
    name: f.name,
    label: f.label,
    type: f.type,
    wire: f.wire ?? (isDefaultCancellationField(f.name) ? f.name : ''),
    leaveOut: f.wire === null,
    required: f.required,
    maxLength: f.maxLength === undefined ? '' : String(f.maxLength),
    options: f.options?.join('\n') ?? '',
    preset: isDefaultCancellationField(f.name),
    personal: f.personal === true,
  }));
}

/** A choice field's options as typed: one per line or comma-separated, blanks dropped. */
export function splitOptions(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * The field definition a row stands for, as the shared schema checks it. An extra field's empty
 * "sent as" means its own name; a default field's means nothing (the schema says so at the cell).
 * A maximum length is kept for text and options for a choice: the types that use them.
 */
export function toFieldDef(row: CancellationRowValues): CancellationFieldDef {
  const maxLength = row.maxLength.trim();
  const options = splitOptions(row.options);
  const wire = row.wire.trim() || (row.preset ? '' : row.name.trim());
  return {
    name: row.name.trim(),
    wire: row.leaveOut ? null : wire,
    label: row.label,
    type: row.type,
    required: row.name === 'recordid' && row.preset ? true : row.required,
    ...(row.type === 'text' && maxLength
      ? { maxLength: /^\d+$/.test(maxLength) ? Number(maxLength) : Number.NaN }
      : {}),
    ...(row.type === 'choice' && options.length ? { options } : {}),
    ...(row.personal && !row.preset ? { personal: true } : {}),
  };
}

/** The profile's cancellation settings from the form: an empty path means none set. */
export function toCancellationInput(path: string, rows: readonly CancellationRowValues[]): Profile['cancellation'] {
  return { path: path.trim() || null, fields: rows.map(toFieldDef) };
}
