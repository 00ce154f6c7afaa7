import { describe, expect, it } from 'vitest';
import { summariseErrorBody } from '@shared/service/schemas';

const json = (body: unknown) => JSON.stringify(body);

describe('summariseErrorBody: bodies that name fields', () => {
  it.each([
    [
      'errors list of {field, message} (the reproduced body)',
      { status: 0, message: 'Invalid request', errors: [{ field: 'purchase_date', message: 'must be YYYY-MM-DD' }] },
      { purchase_date: 'must be YYYY-MM-DD' },
    ],
    [
      'errors list of {name, msg}',
      { errors: [{ name: 'email', msg: 'not an e-mail address' }] },
      { email: 'not an e-mail address' },
    ],
    [
      'errors list of {param, detail}',
      { errors: [{ param: 'total_value', detail: 'two decimal places' }] },
      { total_value: 'two decimal places' },
    ],
    ['errors map of strings', { errors: { surname: 'Required' } }, { surname: 'Required' }],
    [
      'errors map of string lists (Laravel)',
      { message: 'The given data was invalid.', errors: { postcode: ['Required', 'Too short'] } },
      { postcode: 'Required; Too short' },
    ],
    ['fields map', { message: 'Invalid', fields: { reference: 'Already used' } }, { reference: 'Already used' }],
    [
      'RFC 9457 invalid-params',
      {
        type: 'https://example.net/validation-error',
        title: 'Your request is not valid.',
        status: 400,
        'invalid-params': [
          { name: 'purchase_date', reason: 'must be a date' },
          { name: 'total_seats', reason: 'must be a positive integer' },
        ],
      },
      { purchase_date: 'must be a date', total_seats: 'must be a positive integer' },
    ],
    [
      'JSON:API source.pointer, detail',
      {
        errors: [
          {
            status: '422',
            source: { pointer: '/data/attributes/purchase_date' },
            title: 'Invalid Attribute',
            detail: 'must be YYYY-MM-DD',
          },
        ],
      },
      { purchase_date: 'must be YYYY-MM-DD' },
    ],
    [
      'JSON:API source.parameter, title only',
      { errors: [{ source: { parameter: 'policy' }, title: 'Unknown policy' }] },
      { policy: 'Unknown policy' },
    ],
    [
      'FastAPI detail list with loc',
      { detail: [{ loc: ['body', 'delivery_date'], msg: 'invalid date', type: 'value_error' }] },
      { delivery_date: 'invalid date' },
    ],
    [
      'nested error object with errors',
      { error: { code: 400, message: 'Bad entry', errors: [{ field: 'town', message: 'Too long' }] } },
      { town: 'Too long' },
    ],
  ])('%s', (_name, body, fields) => {
    const summary = summariseErrorBody(400, json(body));
    expect(summary.fields).toEqual(fields);
    const named = Object.entries(fields).map(([f, m]) => `${f} — ${m}`);
    expect(summary.message).toBe(`The service refused the entry: ${named.join('; ')}`);
    expect(summary.message).not.toMatch(/[{}"]|HTTP 400:/);
  });

  it('reads the issue body exactly as the brief words it', () => {
    const text =
      '{"status":0,"message":"Invalid request","errors":[{"field":"purchase_date","message":"must be YYYY-MM-DD"}]}';
    expect(summariseErrorBody(400, text)).toEqual({
      message: 'The service refused the entry: purchase_date — must be YYYY-MM-DD',
      fields: { purchase_date: 'must be YYYY-MM-DD' },
    });
  });

  it('keeps messages without a field beside the field messages', () => {
    const body = { errors: [{ field: 'reference', message: 'Already used' }, { message: 'Account on hold' }] };
    expect(summariseErrorBody(422, json(body))).toEqual({
      message: 'The service refused the entry: reference — Already used; Account on hold',
      fields: { reference: 'Already used' },
    });
  });

  it('names the status when a 5xx body names fields', () => {
    const summary = summariseErrorBody(500, json({ errors: { surname: 'Database rejected it' } }));
    expect(summary.message).toBe('The service reported an error (HTTP 500): surname — Database rejected it');
  });

  it('bounds what a body can put into the summary', () => {
    const errors = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, 'x'.repeat(1000)]));
    const summary = summariseErrorBody(400, json({ errors }));
    expect(Object.keys(summary.fields).length).toBe(50);
    expect(Math.max(...Object.values(summary.fields).map((m) => m.length))).toBeLessThanOrEqual(500);
    expect(summary.message.length).toBeLessThanOrEqual(1000);
  });
});

describe('summariseErrorBody: bodies without fields', () => {
  it.each([
    [400, { message: 'Invalid request' }, 'The service refused the entry (HTTP 400): Invalid request'],
    [400, { status: 0, message: 'Invalid request' }, 'The service refused the entry (HTTP 400): Invalid request'],
    [
      401,
      { error: 'invalid_client', error_description: 'Client authentication failed' },
      'The service refused access (HTTP 401): Client authentication failed',
    ],
    [400, { error: 'unsupported_grant_type' }, 'The service refused the entry (HTTP 400): unsupported_grant_type'],
    [
      403,
      { type: 'about:blank', title: 'Forbidden', detail: 'Account ACME01 may not submit', status: 403 },
      'The service refused access (HTTP 403): Account ACME01 may not submit',
    ],
    [409, { title: 'Conflict' }, 'The service refused the entry (HTTP 409): Conflict'],
    [
      500,
      { error: { message: 'Database unavailable' } },
      'The service reported an error (HTTP 500): Database unavailable',
    ],
    [
      503,
      { errors: ['Maintenance', 'Back at 14:00'] },
      'The service reported an error (HTTP 503): Maintenance; Back at 14:00',
    ],
    [429, { message: 'Too many requests' }, 'The service asked us to slow down (HTTP 429): Too many requests'],
    [404, {}, 'The service did not recognise the request (HTTP 404) without saying why'],
    [502, { status: 0 }, 'The service reported an error (HTTP 502) without saying why'],
    [400, 'Bad date', 'The service refused the entry (HTTP 400): Bad date'],
  ])('%i %j', (status, body, message) => {
    expect(summariseErrorBody(status, json(body))).toEqual({ message, fields: {} });
  });

  it.each([
    [400, 'Bad date format', 'The service refused the entry (HTTP 400): Bad date format'],
    [
      502,
      '<html><head><title>502 Bad Gateway</title><style>h1{}</style></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>',
      'The service reported an error (HTTP 502): 502 Bad Gateway 502 Bad Gateway nginx',
    ],
    [500, '   ', 'The service reported an error (HTTP 500) with an empty answer'],
    [500, 'null', 'The service reported an error (HTTP 500): null'],
    [400, '{"message": "cut off', 'The service refused the entry (HTTP 400): {"message": "cut off'],
  ])('non-JSON or bare %i %j', (status, text, message) => {
    expect(summariseErrorBody(status, text)).toEqual({ message, fields: {} });
  });

  it('shows the first 500 characters of a long text body', () => {
    const summary = summariseErrorBody(500, `${'a'.repeat(600)}`);
    expect(summary.message).toBe(`The service reported an error (HTTP 500): ${'a'.repeat(500)}`);
  });
});
