// A column's values beside its heading: they withdraw a guess they contradict, and offer a guess for
// a column of plain postcodes or e-mail addresses under an unhelpful heading. Never a silent field.
import { describe, expect, it } from 'vitest';
import { matchHeadings } from '@shared/import/columns';
import { fieldFromValues, valuesContradict } from '@shared/import/value-shapes';

const column = (...values: string[]) => values;

describe('values and headings', () => {
  it('a postcode-shaped column under "Area" is offered as the postcode, to check', () => {
    const header = ['Policy No', 'Surname', 'Area'];
    const samples = [
      column('P1', 'P2', 'P3'),
      column('Smith', 'Jones', 'Brown'),
      column('LS1 4AP', 'm1 1ae', 'SW1A 1AA'),
    ];
    expect(matchHeadings(header)[2]).toMatchObject({ field: 'address2', how: 'guess' });
    expect(matchHeadings(header, {}, {}, samples)[2]).toEqual({ field: 'postcode', how: 'guess', candidates: [] });
  });

  it('an e-mail column under "Contact" is offered as the e-mail; not when another column already feeds it', () => {
    const samples = [column('a@b.co', 'c@d.org', 'e@f.uk'), column('x@y.com', 'p@q.com', 'r@s.com')];
    const matches = matchHeadings(['Contact', 'E-mail'], {}, {}, samples);
    expect(matches.map((m) => m.field)).toEqual([null, 'email']);
  });

  it('a date guessed from "Order Date" whose values are not dates is withdrawn, naming the field for the person', () => {
    const header = ['Policy No', 'Order Date'];
    const guessed = matchHeadings(header)[1]!;
    expect(guessed.how).toBe('guess');
    const samples = [column('P1', 'P2', 'P3'), column('Won', 'Lost', 'Won')];
    expect(matchHeadings(header, {}, {}, samples)[1]).toEqual({ field: null, how: null, candidates: [guessed.field] });
    // dates keep the guess
    const dates = [column('P1', 'P2', 'P3'), column('2026-11-01 10:00', '2026-11-02 09:00', '2026-11-03 17:30')];
    expect(matchHeadings(header, {}, {}, dates)[1]).toEqual(guessed);
  });

  it('a choice given or remembered, and a heading read by name, are never overruled by values', () => {
    const samples = [column('LS1 4AP', 'M1 1AE', 'SW1A 1AA')];
    expect(matchHeadings(['Notes'], {}, { notes: null }, samples)[0]).toMatchObject({ field: null, how: 'given' });
    expect(matchHeadings(['Reference'], {}, {}, samples)[0]).toMatchObject({ field: 'reference' });
  });

  it('too few values, or mixed ones, suggest nothing', () => {
    expect(fieldFromValues(['LS1 4AP', 'M1 1AE'])).toBeUndefined();
    expect(fieldFromValues(['LS1 4AP', 'M1 1AE', 'Leeds', 'York'])).toBeUndefined();
    expect(valuesContradict('purchase_date', ['x', 'y'])).toBe(false);
    expect(valuesContradict('surname', ['1', '2', '3'])).toBe(false);
  });
});
