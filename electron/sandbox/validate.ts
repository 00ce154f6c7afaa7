import { ENTRY_FIELDS, DEFAULT_REQUIRED } from '@shared/entry/fields';
import { CANCELLATION_FIELDS, type CancellationField, type DateFormat } from '@shared/profile/schema';

/** Per-part messages for a body the sandbox refuses with 400. */
export type WireErrors = Record<string, string>;

const MONEY = /^\d{1,12}\.\d{2}$/;
const INTEGER = /^\d{1,9}$/;
const DATES: Record<DateFormat, RegExp> = {
  'YYYY-MM-DD': /^\d{4}-\d{2}-\d{2}$/,
  'DD/MM/YYYY': /^\d{2}\/\d{2}\/\d{4}$/,
  'MM/DD/YYYY': /^\d{2}\/\d{2}\/\d{4}$/,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkParts(
  parts: Array<[string, string]>,
  allowed: readonly string[],
  required: readonly string[],
): { errors: WireErrors; fields: Map<string, string> } {
  const errors: WireErrors = {};
  const fields = new Map<string, string>();
  for (const [name, value] of parts) {
    if (!allowed.includes(name)) errors[name] = 'Unknown field';
    else if (fields.has(name)) errors[name] = 'Sent more than once';
    fields.set(name, value);
  }
  for (const name of required) if (!fields.get(name)) errors[name] ??= 'Required';
  return { errors, fields };
}

/** Checks createentry parts as the sandbox's strict reading of the spec: names, required, wire formats. */
export function validateEntryParts(
  parts: Array<[string, string]>,
  dateFormat: DateFormat = 'YYYY-MM-DD',
): { errors: WireErrors; fields: Map<string, string> } {
  const { errors, fields } = checkParts(parts, ENTRY_FIELDS, DEFAULT_REQUIRED);
  const check = (name: string, ok: (v: string) => boolean, message: string) => {
    const value = fields.get(name);
    if (value && !ok(value)) errors[name] ??= message;
  };
  check('total_seats', (v) => INTEGER.test(v), 'Must be a whole number');
  check('total_value', (v) => MONEY.test(v), 'Must be a decimal with two places');
  check('policy_premium', (v) => MONEY.test(v), 'Must be a decimal with two places');
  check('purchase_date', (v) => DATES[dateFormat].test(v), `Must be a date ${dateFormat}`);
  check('delivery_date', (v) => DATES[dateFormat].test(v), `Must be a date ${dateFormat}`);
  check('email', (v) => EMAIL.test(v), 'Must be an e-mail address');
  for (const [name, value] of fields) if (value.length > 4000) errors[name] ??= 'Too long';
  return { errors, fields };
}

/** How a service names the default cancellation fields on the wire (null: not taken); by default, as themselves. */
export type CancellationWire = Partial<Record<CancellationField, string | null>>;

/**
 * Checks createcancellation parts: the default fields (under the service's wire names), recordid
 * of a stored entry. Errors are named as the parts were sent.
 */
export function validateCancellationParts(
  parts: Array<[string, string]>,
  known: (recordid: number) => boolean,
  dateFormat: DateFormat = 'YYYY-MM-DD',
  wire: CancellationWire = {},
): { errors: WireErrors; fields: Map<string, string> } {
  const wireOf = (f: CancellationField) => (f in wire ? (wire[f] ?? null) : f);
  const taken = CANCELLATION_FIELDS.filter((f) => wireOf(f) !== null);
  const fromWire = new Map(taken.map((f) => [wireOf(f) as string, f]));
  const named = parts.map(([name, value]): [string, string] => [fromWire.get(name) ?? `\u0000${name}`, value]);
  const required = (['recordid', 'cancellation_date', 'reason'] as const).filter((f) => wireOf(f) !== null);
  const checked = checkParts(named, taken, required);
  const errors = Object.fromEntries(
    Object.entries(checked.errors).map(([k, v]) => [
      k.startsWith('\u0000') ? k.slice(1) : (wireOf(k as CancellationField) ?? k),
      v,
    ]),
  );
  const fields = checked.fields;
  const bad = (f: CancellationField, message: string) => (errors[wireOf(f) ?? f] ??= message);
  const recordid = fields.get('recordid');
  if (recordid && (!/^\d+$/.test(recordid) || !known(Number(recordid)))) bad('recordid', 'No such record');
  const date = fields.get('cancellation_date');
  if (date && !DATES[dateFormat].test(date)) bad('cancellation_date', `Must be a date ${dateFormat}`);
  return { errors, fields };
}
