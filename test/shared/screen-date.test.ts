import { describe, expect, it } from 'vitest';
import { exampleDate, formatScreenDate, parseScreenDate } from '@shared/entry/screen-date';
import { buildEntrySchema, checkField } from '@shared/entry/schema';
import { sampleInput, testProfile } from '../support/service';

describe('dates typed on screen', () => {
  it.each([
    ['11/02/2026', '2026-02-11'],
    ['11022026', '2026-02-11'],
    ['11-2-2026', '2026-02-11'],
    ['11.02.2026', '2026-02-11'],
    [' 1 2 2026 ', '2026-02-01'],
    ['29/02/2024', '2024-02-29'],
    ['2026-02-11', '2026-02-11'],
  ])('DD/MM/YYYY reads %j as %s', (typed, iso) => {
    expect(parseScreenDate(typed, 'DD/MM/YYYY')).toEqual({ ok: true, value: iso });
  });

  it('follows the chosen order', () => {
    expect(parseScreenDate('02/11/2026', 'MM/DD/YYYY')).toEqual({ ok: true, value: '2026-02-11' });
    expect(parseScreenDate('02112026', 'MM/DD/YYYY')).toEqual({ ok: true, value: '2026-02-11' });
    expect(parseScreenDate('20260211', 'YYYY-MM-DD')).toEqual({ ok: true, value: '2026-02-11' });
    expect(exampleDate('MM/DD/YYYY')).toBe('02/11/2026');
    expect(formatScreenDate('2026-02-11', 'DD/MM/YYYY')).toBe('11/02/2026');
  });

  it.each([
    ['11/02', /^Include the year: 11\/02\/2026$/],
    ['1102', /^Include the year/],
    ['11//2026', /^Enter the day, month and year: 11\/02\/2026$/],
    ['31/02/2026', /^February 2026 has only 28 days$/],
    ['29/02/2026', /February 2026 has only 28 days/],
    ['31/04/2026', /April 2026 has only 30 days/],
    ['11/13/2026', /^The month must be 1 to 12$/],
    ['00/02/2026', /February 2026 has only 28 days/],
    ['11/02/26', /^Write the year in full, for example 2026$/],
    ['11/02/25', /^Write the year in full, for example 2025$/],
    ['11/02/85', /^Write the year in full, for example 1985$/],
    ['110226', /year in full/],
    ['11/02/0026', /^The year must be 1900 to 2199$/],
    ['11 Feb 2026', /^Enter the date as DD\/MM\/YYYY$/],
    ['1/2/3/4', /Enter the date as/],
    ['1122026', /Enter the date as/],
  ])('DD/MM/YYYY refuses %j plainly', (typed, message) => {
    const result = parseScreenDate(typed, 'DD/MM/YYYY');
    expect(result.ok ? result.value : result.message).toMatch(message);
  });

  it('the form schema reads screen dates and puts out YYYY-MM-DD; files and the CLI still take YYYY-MM-DD only', () => {
    const form = buildEntrySchema(testProfile, { dateOrder: 'DD/MM/YYYY' });
    const typed = form.parse(sampleInput({ purchase_date: '11022026', delivery_date: '' }));
    expect(typed.purchase_date).toBe('2026-02-11');
    expect(checkField('purchase_date', '11/02/2026', testProfile)).toEqual({
      ok: false,
      message: 'Enter a date as YYYY-MM-DD',
    });
    expect(checkField('purchase_date', '2026-02-11', testProfile)).toEqual({ ok: true, value: '2026-02-11' });
  });
});
