import type { FieldKind } from './fields';

/** Outcome of checking one field's text: the normalised value, or a message for the person keying it. */
export type FieldCheck = { ok: true; value: string } | { ok: false; message: string };

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n\t]/;
const ASCII = /^[\x00-\x7F]*$/;
const MONEY_GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const MONEY_PLAIN = /^\d+(\.\d{1,2})?$/;
const POSTCODE = /^(GIR0AA|[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})$/;
const TELEPHONE = /^[0-9 +()-]{7,20}$/;
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const ok = (value: string): FieldCheck => ({ ok: true, value });
const fail = (message: string): FieldCheck => ({ ok: false, message });

/**
 * NFC-normalises and trims text; refuses control characters. Long text may hold line breaks,
 * written CRLF because multipart/form-data carries every line break as CRLF (HTML form encoding).
 */
export function cleanText(raw: string, multiline: boolean): FieldCheck {
  // Plain ASCII is already in NFC (the normalisation is the costly part of reading a large file).
  const text = (ASCII.test(raw) ? raw : raw.normalize('NFC')).trim();
  if (CONTROL.test(text))
    return fail('Remove the control character (an invisible character, often pasted with the text)');
  if (!multiline && LINE_BREAK.test(text)) return fail('Keep this to a single line');
  return ok(multiline ? text.replace(/\r\n|\r|\n/g, '\r\n') : text);
}

/** Money as the service wants it: `1234.50`. Accepts `1,234.5` and `£1234.5`. */
export function normaliseMoney(text: string): FieldCheck {
  const bare = text.replace(/^£\s*/, '').trim();
  if (bare.startsWith('-')) return fail('Enter an amount of 0 or more: it cannot be negative');
  if (!MONEY_PLAIN.test(bare) && !MONEY_GROUPED.test(bare)) {
    return fail('Enter an amount such as 1234.50 (at most two decimals)');
  }
  const [whole = '0', pence = ''] = bare.replace(/,/g, '').split('.');
  const units = whole.replace(/^0+(?=\d)/, '');
  if (units.length > 12) return fail('Enter an amount below 1,000,000,000,000');
  return ok(`${units}.${pence.padEnd(2, '0')}`);
}

/** A non-negative whole number, without leading zeros. */
export function normaliseInteger(text: string): FieldCheck {
  if (!/^\d+$/.test(text)) return fail('Enter a whole number, 0 or more');
  const value = text.replace(/^0+(?=\d)/, '');
  if (value.length > 9) return fail('Enter a number below 1,000,000,000');
  return ok(value);
}

/** UK postcode in upper case with one space before the inward code. */
export function normalisePostcode(text: string): FieldCheck {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  if (!POSTCODE.test(compact)) return fail('Enter a UK postcode such as SW1A 1AA');
  return ok(`${compact.slice(0, -3)} ${compact.slice(-3)}`);
}

/** Telephone: digits, spaces and `+ ( ) -`, 7 to 20 characters, at least six of them digits. */
export function checkTelephone(text: string): FieldCheck {
  if (/[^0-9 +()-]/.test(text)) return fail('Use only digits, spaces and + ( ) -, as in 01632 960 001');
  if (!TELEPHONE.test(text)) return fail('Use 7 to 20 characters, as in 01632 960 001');
  if ((text.match(/\d/g) ?? []).length < 6) return fail('Enter the full number, as in 01632 960 001');
  return ok(text);
}

/** E-mail address syntax (local@domain.tld). */
export function checkEmail(text: string): FieldCheck {
  return EMAIL.test(text) ? ok(text) : fail('Enter an e-mail address such as name@example.co.uk');
}

/** A real calendar date written YYYY-MM-DD (files, the CLI, and what the form sends). */
export function checkIsoDate(text: string): FieldCheck {
  const match = ISO_DATE.exec(text);
  if (!match) return fail('Enter a date as YYYY-MM-DD');
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  if (!real || y < 1900 || y > 2199) return fail('Enter a real date');
  return ok(text);
}

/** Checks and normalises already-cleaned, non-empty text by the field's kind. */
export function normaliseByKind(kind: FieldKind, text: string, postcodeCheck: boolean): FieldCheck {
  switch (kind) {
    case 'money':
      return normaliseMoney(text);
    case 'integer':
      return normaliseInteger(text);
    case 'postcode':
      return postcodeCheck ? normalisePostcode(text) : ok(text.toUpperCase());
    case 'telephone':
      return checkTelephone(text);
    case 'email':
      return checkEmail(text);
    case 'date':
      return checkIsoDate(text);
    default:
      return ok(text);
  }
}
