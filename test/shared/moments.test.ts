import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clock, formatMoment, isoWithOffset, localDate } from '@shared/format/moments';

// Node reads TZ again whenever it is assigned, so each case runs in the zone it names.
const before = process.env.TZ;
const inZone = (zone: string) => beforeEach(() => void (process.env.TZ = zone));
afterAll(() => void (process.env.TZ = before));

describe('moments in Europe/London', () => {
  inZone('Europe/London');

  it('writes a winter moment in the chosen order, 24-hour, at +00:00', () => {
    const at = '2026-11-24T14:27:53.120Z';
    expect(formatMoment(at, 'DD/MM/YYYY')).toBe('24/11/2026 14:27');
    expect(formatMoment(at, 'MM/DD/YYYY')).toBe('11/24/2026 14:27');
    expect(formatMoment(at, 'YYYY-MM-DD', true)).toBe('2026-11-24 14:27:53');
    expect(isoWithOffset(at)).toBe('2026-11-24T14:27:53+00:00');
  });

  it('writes a summer moment in British Summer Time, the local day moving past midnight', () => {
    const at = '2026-07-01T23:30:00Z';
    expect(formatMoment(at, 'DD/MM/YYYY')).toBe('02/07/2026 00:30');
    expect(localDate(at)).toBe('2026-07-02');
    expect(isoWithOffset(at)).toBe('2026-07-02T00:30:00+01:00');
  });

  it('writes the moments either side of the clocks changing with the offset of each', () => {
    expect(isoWithOffset('2026-03-29T00:59:59Z')).toBe('2026-03-29T00:59:59+00:00');
    expect(isoWithOffset('2026-03-29T01:00:00Z')).toBe('2026-03-29T02:00:00+01:00');
    expect(isoWithOffset('2026-10-25T00:59:59Z')).toBe('2026-10-25T01:59:59+01:00');
    expect(isoWithOffset('2026-10-25T01:00:00Z')).toBe('2026-10-25T01:00:00+00:00');
  });
});

describe('moments at offsets with minutes, east and west', () => {
  it('Asia/Kolkata (+05:30)', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(formatMoment('2026-11-24T20:45:00Z', 'DD/MM/YYYY')).toBe('25/11/2026 02:15');
    expect(isoWithOffset('2026-11-24T20:45:00Z')).toBe('2026-11-25T02:15:00+05:30');
  });

  it('America/St_Johns (-03:30), an afternoon hour written 24-hour', () => {
    process.env.TZ = 'America/St_Johns';
    expect(clock('2026-11-24T18:00:00Z')).toBe('14:30');
    expect(formatMoment('2026-11-24T02:00:00Z', 'MM/DD/YYYY')).toBe('11/23/2026 22:30');
    expect(isoWithOffset('2026-11-24T02:00:00Z')).toBe('2026-11-23T22:30:00-03:30');
  });
});

describe('what is not a moment', () => {
  inZone('Europe/London');

  it('is given back as it was, never "Invalid Date"', () => {
    expect(formatMoment('not a time', 'DD/MM/YYYY')).toBe('not a time');
    expect(isoWithOffset('not a time')).toBe('not a time');
  });

  it('is an empty CSV cell when there is no moment', () => {
    expect(isoWithOffset(null)).toBe('');
    expect(isoWithOffset(undefined)).toBe('');
  });
});
