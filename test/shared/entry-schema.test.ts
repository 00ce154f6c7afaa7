import { describe, expect, it } from 'vitest';
import { parseEntry, checkField } from '@shared/entry/schema';
import { ENTRY_FIELDS, type EntryField } from '@shared/entry/fields';
import { profileSchema } from '@shared/profile/schema';
import { sampleInput, testProfile } from '../support/service';

const rules = testProfile;
const noPostcodeCheck = { ...testProfile, postcodeCheck: false };

type Case = [field: EntryField, input: unknown, expected: string | { error: RegExp }];
const cases: Case[] = [
  ['account_code', '  ACME01 ', 'ACME01'],
  ['account_code', '', { error: /^Enter the account code$/ }],
  ['account_code', 'A\u0007B', { error: /control/ }],
  ['account_code', 'two\nlines', { error: /single line/ }],
  ['reference', 'e\u0301', '\u00e9'],
  ['reference', 'x'.repeat(101), { error: /^Must be 100 characters or fewer: this has 101$/ }],
  ['title', '', ''],
  ['surname', "O'Brien-Łukasz", "O'Brien-Łukasz"],
  ['postcode', 'sw1a1aa', 'SW1A 1AA'],
  ['postcode', ' ls1   4ap ', 'LS1 4AP'],
  ['postcode', 'M1 1AE', 'M1 1AE'],
  ['postcode', 'GIR 0AA', 'GIR 0AA'],
  ['postcode', '12345', { error: /UK postcode/ }],
  ['email', 'a.b@example.co.uk', 'a.b@example.co.uk'],
  ['email', 'not-an-email', { error: /e-mail/ }],
  ['email', 'a@b', { error: /e-mail/ }],
  ['email', '', ''],
  ['telephone', '+44 (0)113 496-0000', '+44 (0)113 496-0000'],
  ['telephone', '12345', { error: /7 to 20/ }],
  ['telephone', '0113 496 000x', { error: /digits/ }],
  ['telephone', '+'.repeat(21), { error: /7 to 20/ }],
  ['total_seats', '3', '3'],
  ['total_seats', 3, '3'],
  ['total_seats', '007', '7'],
  ['total_seats', '-1', { error: /whole number/ }],
  ['total_seats', '2.5', { error: /whole number/ }],
  ['total_seats', '', ''],
  ['total_value', '1,234.5', '1234.50'],
  ['total_value', '£1234.5', '1234.50'],
  ['total_value', '£ 12', '12.00'],
  ['total_value', 1299.5, '1299.50'],
  ['total_value', '0', '0.00'],
  ['total_value', '0012.30', '12.30'],
  ['total_value', '12.345', { error: /two decimals/ }],
  ['total_value', '-5', { error: /negative/ }],
  ['total_value', '1,23.00', { error: /amount/ }],
  ['total_value', '$12', { error: /amount/ }],
  ['policy_premium', '89.99', '89.99'],
  ['policy_premium', 'abc', { error: /amount/ }],
  ['purchase_date', '2026-02-28', '2026-02-28'],
  ['purchase_date', '2024-02-29', '2024-02-29'],
  ['purchase_date', '2026-02-29', { error: /real date/ }],
  ['purchase_date', '28/02/2026', { error: /YYYY-MM-DD/ }],
  ['delivery_date', '2026-13-01', { error: /real date/ }],
  ['description', 'line one\r\nline two', 'line one\r\nline two'],
  ['description', 'a\nb\rc', 'a\r\nb\r\nc'],
  ['description', 'tab\there', 'tab\there'],
  ['description', 'bell\u0007', { error: /control/ }],
  ['model', { nested: true }, { error: /text/ }],
  ['model', 12, { error: /text/ }],
];

describe('entry field rules', () => {
  it.each(cases)('%s %j', (field, input, expected) => {
    const result = checkField(field, input, rules);
    if (typeof expected === 'string') expect(result).toEqual({ ok: true, value: expected });
    else expect(result.ok ? result.value : result.message).toMatch(expected.error);
  });

  it('covers every field in the table', () => {
    const covered = new Set(cases.map(([f]) => f));
    const plain = ENTRY_FIELDS.filter((f) => !covered.has(f));
    for (const f of plain) expect(checkField(f, ' x ', rules)).toEqual({ ok: true, value: 'x' });
  });

  it('leaves the postcode unchecked when the profile turns the check off', () => {
    expect(checkField('postcode', '12345 ab', noPostcodeCheck)).toEqual({ ok: true, value: '12345 AB' });
  });

  it('applies a profile’s required flags and length limits', () => {
    const strict = profileSchema.parse({
      name: 'Strict',
      baseUrl: 'https://feed.example.com',
      fieldRules: { email: { required: true }, surname: { required: false, maxLength: 5 } },
    });
    expect(checkField('email', '', strict)).toEqual({ ok: false, message: 'Enter the e-mail address' });
    expect(checkField('surname', '', strict)).toEqual({ ok: true, value: '' });
    expect(checkField('surname', 'Smithson', strict)).toEqual({
      ok: false,
      message: 'Must be 5 characters or fewer: this has 8',
    });
  });
});

describe('parseEntry', () => {
  it('fills every field, blanks as empty text', () => {
    const result = parseEntry(sampleInput(), rules);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.entry)).toEqual([...ENTRY_FIELDS]);
  });

  it('rejects unknown keys and reports each bad field once', () => {
    const result = parseEntry({ ...sampleInput({ postcode: 'nope', surname: '' }), colour_code: 'red' }, rules);
    expect(result).toEqual({
      ok: false,
      fields: {
        surname: 'Enter the surname',
        postcode: 'Enter a UK postcode such as SW1A 1AA',
        colour_code: 'Unknown field',
      },
    });
  });

  it('rejects something that is not an object', () => {
    expect(parseEntry([1, 2], rules).ok).toBe(false);
    expect(parseEntry(null, rules).ok).toBe(false);
  });
});
