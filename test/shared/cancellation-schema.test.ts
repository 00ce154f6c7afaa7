import { describe, expect, it } from 'vitest';
import { profileSchema, type ProfileInput } from '@shared/profile/schema';
import { DEFAULT_CANCELLATION_FIELDS, type CancellationFieldDef } from '@shared/profile/cancellation-fields';
import { encodeCancellation, parseCancellation } from '@shared/entry/cancellation';

const base: ProfileInput = { name: 'Prod', baseUrl: 'https://feed.example.com' };
const withFields = (fields: unknown, extra: Partial<ProfileInput> = {}) =>
  profileSchema.parse({ ...base, ...extra, cancellation: { path: '/v2/cancel', fields } });
const defaults = (
  change: Partial<Record<string, Partial<CancellationFieldDef>>> = {},
  extra: CancellationFieldDef[] = [],
) => [...DEFAULT_CANCELLATION_FIELDS.map((f) => ({ ...f, ...change[f.name] })), ...extra];
const VALID = { recordid: '100001', cancellation_date: '2026-11-20', reason: 'Customer changed their mind' };

describe('a profile’s cancellation field set', () => {
  it('defaults to the six fields under their own names; an older list of names reads as that set', () => {
    expect(profileSchema.parse(base).cancellation.fields.map((f) => [f.name, f.wire])).toEqual(
      DEFAULT_CANCELLATION_FIELDS.map((f) => [f.name, f.name]),
    );
    const legacy = withFields(['recordid', 'cancellation_date', 'reason']);
    expect(legacy.cancellation.fields.map((f) => f.wire)).toEqual([
      'recordid',
      null,
      null,
      null,
      'cancellation_date',
      'reason',
    ]);
  });

  it.each([
    ['a default field removed', defaults().slice(1), /default field recordid is missing/],
    ['a wire name with a space', defaults({ reason: { wire: 'cancel reason' } }), /wire name/],
    [
      'two fields under one wire name',
      defaults({ policy: { wire: 'reference' } }),
      /Two fields go on the wire as reference/,
    ],
    [
      'a choice without options',
      defaults({}, [{ name: 'channel', wire: 'channel', label: 'Channel', type: 'choice', required: false }]),
      /needs at least one option/,
    ],
    [
      'options on a text field',
      defaults({}, [{ name: 'note', wire: 'note', label: 'Note', type: 'text', required: false, options: ['a'] }]),
      /Only a choice field/,
    ],
    [
      'a field name used twice',
      defaults({}, [{ ...DEFAULT_CANCELLATION_FIELDS[5]!, wire: 'reason2' }]),
      /reason is used twice/,
    ],
    ['a default field with another type', defaults({ cancellation_date: { type: 'text' } }), /keeps its type \(date\)/],
    [
      'a bad field name',
      defaults({}, [{ name: 'Bad Name', wire: 'x', label: 'X', type: 'text', required: false }]),
      /lower-case letters/,
    ],
  ])('refuses %s with a clear message', (_label, fields, message) => {
    const result = profileSchema.safeParse({ ...base, cancellation: { path: '/c', fields } });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues.map((i) => i.message))).toMatch(message);
  });
});

describe('the run-time cancellation schema and its wire encoding', () => {
  it('checks each type with the entry form’s formats, required fields and maximum lengths', () => {
    const profile = withFields(
      defaults({}, [
        { name: 'refund', wire: 'refund_amount', label: 'Refund', type: 'money', required: true },
        { name: 'items', wire: 'items', label: 'Items', type: 'integer', required: false },
        { name: 'collected', wire: 'collected_on', label: 'Collected on', type: 'date', required: false },
        {
          name: 'channel',
          wire: 'channel',
          label: 'Channel',
          type: 'choice',
          required: true,
          options: ['phone', 'email'],
        },
        { name: 'note', wire: 'note', label: 'Note', type: 'text', required: false, maxLength: 5 },
      ]),
    );
    const good = parseCancellation(
      { ...VALID, refund: '£1,234.5', items: '007', collected: '2026-11-21', channel: 'email', note: 'ok' },
      profile,
    );
    expect(good).toEqual({
      ok: true,
      cancellation: expect.objectContaining({
        refund: '1234.50',
        items: '7',
        collected: '2026-11-21',
        channel: 'email',
      }),
    });
    const bad = parseCancellation(
      {
        recordid: '0',
        cancellation_date: '2026-02-30',
        reason: '',
        refund: '-1',
        items: 'x',
        channel: 'fax',
        note: 'too long',
      },
      profile,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(Object.keys(bad.fields).sort()).toEqual(
      ['cancellation_date', 'channel', 'items', 'note', 'reason', 'recordid', 'refund'].sort(),
    );
    expect(bad.fields.refund).toMatch(/cannot be negative/);
    expect(bad.fields.channel).toMatch(/phone, email/);
    expect(bad.fields.note).toMatch(/5/);
    expect(parseCancellation({ ...VALID, unknown: 'x' }, profile).ok).toBe(false);
  });

  it('renames fields on the wire, leaves out those set so (not asked for either), and writes dates in the wire format', () => {
    const profile = withFields(defaults({ reason: { wire: 'cancel_reason' }, policy: { wire: null } }), {
      dateFormat: 'DD/MM/YYYY',
    });
    expect(parseCancellation({ ...VALID, policy: 'P1' }, profile).ok).toBe(false); // policy is not asked for
    const parsed = parseCancellation({ ...VALID, account_code: 'ACME01', reference: 'REF-1' }, profile);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
    expect(encodeCancellation(parsed.cancellation, profile)).toEqual([
      ['recordid', '100001'],
      ['account_code', 'ACME01'],
      ['reference', 'REF-1'],
      ['cancellation_date', '20/11/2026'],
      ['cancel_reason', 'Customer changed their mind'],
    ]);
  });

  it('keeps recordid (the link to the original entry) even when it is not sent', () => {
    const profile = withFields(defaults({ recordid: { wire: null } }));
    const parsed = parseCancellation(VALID, profile);
    if (!parsed.ok) throw new Error('invalid');
    expect(parsed.cancellation.recordid).toBe('100001');
    expect(encodeCancellation(parsed.cancellation, profile).map(([n]) => n)).not.toContain('recordid');
  });
});
