import { z } from 'zod';

/** The default fields of a cancellation request (product brief); each can be renamed on the wire or left out. */
export const CANCELLATION_FIELDS = [
  'recordid',
  'account_code',
  'reference',
  'policy',
  'cancellation_date',
  'reason',
] as const;
export type CancellationField = (typeof CANCELLATION_FIELDS)[number];

/** The kinds of value a cancellation field holds; each uses the one format the entry form uses. */
export const CANCELLATION_FIELD_TYPES = ['text', 'date', 'integer', 'money', 'choice'] as const;
export type CancellationFieldType = (typeof CANCELLATION_FIELD_TYPES)[number];

const WIRE_NAME = /^[A-Za-z0-9_.-]{1,60}$/;

/** A field's name, as payloads key it. */
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** One field of a profile's cancellation request: what the form asks, and the name it goes under on the wire. */
export const cancellationFieldSchema = z
  .strictObject({
    name: z.string().regex(FIELD_NAME, 'A field name: lower-case letters, digits and _, starting with a letter'),
    /** The part's name on the wire; null leaves the field out of the request (and off the form). */
    wire: z.string().regex(WIRE_NAME, 'A wire name: letters, digits and _ . -, at most 60').nullable(),
    label: z.string().trim().min(1, 'Enter a label').max(60, 'At most 60 characters'),
    type: z.enum(CANCELLATION_FIELD_TYPES),
    required: z.boolean(),
    maxLength: z.number().int().min(1, 'At least 1').max(10_000, 'At most 10,000').optional(),
    /** The choices of a `choice` field, as sent. */
    options: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
    /**
     * An extra field that holds a person's details (a caller's name, a telephone): removed with the
     * personal fields by retention and erasure. The default fields are never personal.
     */
    personal: z.boolean().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'choice' && !field.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice field needs at least one option' });
    }
    if (field.type !== 'choice' && field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice field has options' });
    }
  });
export type CancellationFieldDef = z.infer<typeof cancellationFieldSchema>;

/** The default field set: every default field under its own name. */
export const DEFAULT_CANCELLATION_FIELDS: readonly CancellationFieldDef[] = [
  { name: 'recordid', wire: 'recordid', label: 'Recordid of the original entry', type: 'integer', required: true },
  { name: 'account_code', wire: 'account_code', label: 'Account code', type: 'text', required: false, maxLength: 20 },
  { name: 'reference', wire: 'reference', label: 'Reference', type: 'text', required: false, maxLength: 50 },
  { name: 'policy', wire: 'policy', label: 'Policy', type: 'text', required: false, maxLength: 50 },
  { name: 'cancellation_date', wire: 'cancellation_date', label: 'Cancellation date', type: 'date', required: true },
  { name: 'reason', wire: 'reason', label: 'Reason', type: 'text', required: true, maxLength: 500 },
];

const isDefault = (name: string): name is CancellationField =>
  (CANCELLATION_FIELDS as readonly string[]).includes(name);

/** The extra cancellation fields marked personal in these field sets (the names their payloads use). */
export function personalCancellationFields(sets: ReadonlyArray<readonly CancellationFieldDef[]>): string[] {
  const names = sets.flatMap((fields) => fields.filter((f) => f.personal && !isDefault(f.name)).map((f) => f.name));
  return [...new Set(names)].sort();
}

/**
 * A profile's cancellation field set: the six default fields (each renamed on the wire or left
 * out, never removed: recordid links the request to the original entry) and extra fields. Older
 * profiles stored a list of the default names sent; they read as that set, the rest left out.
 */
export const cancellationFieldsSchema = z.preprocess(
  (raw) =>
    Array.isArray(raw) && raw.every((f) => typeof f === 'string')
      ? DEFAULT_CANCELLATION_FIELDS.map((d) => ({ ...d, wire: raw.includes(d.name) ? d.name : null }))
      : raw,
  z
    .array(cancellationFieldSchema)
    .max(40, 'At most 40 fields')
    .superRefine((fields, ctx) => {
      const names = new Set<string>();
      const wires = new Set<string>();
      fields.forEach((f, i) => {
        if (names.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${f.name} is used twice` });
        names.add(f.name);
        if (f.wire !== null && wires.has(f.wire)) {
          ctx.addIssue({ code: 'custom', path: [i, 'wire'], message: `Two fields go on the wire as ${f.wire}` });
        }
        if (f.wire !== null) wires.add(f.wire);
        const preset = DEFAULT_CANCELLATION_FIELDS.find((d) => d.name === f.name);
        if (preset && (f.type !== preset.type || (f.name === 'recordid' && !f.required))) {
          ctx.addIssue({ code: 'custom', path: [i, 'type'], message: `${f.name} keeps its type (${preset.type})` });
        }
      });
      for (const name of CANCELLATION_FIELDS) {
        if (!names.has(name))
          ctx.addIssue({
            code: 'custom',
            message: `The default field ${name} is missing (leave it out on the wire instead)`,
          });
      }
    }),
);

/** Whether a field is one of the six defaults (renamed or left out, never removed). */
export function isDefaultCancellationField(name: string): boolean {
  return isDefault(name);
}
