import { describe, expect, it } from 'vitest';
import { CELL_WIDTH, fitCell } from '../../../electron/cli/table';

describe('fitCell (the journal table)', () => {
  it('keeps text that fits', () => {
    expect(fitCell('Record created')).toBe('Record created');
    expect(fitCell('x'.repeat(CELL_WIDTH))).toBe('x'.repeat(CELL_WIDTH));
  });

  it('cuts long text at a word boundary and ends it with an ellipsis', () => {
    const cell = fitCell('The service refused the entry: purchase_date — must be YYYY-MM-DD');
    expect(cell).toBe('The service refused the entry…');
    expect([...cell].length).toBeLessThanOrEqual(CELL_WIDTH);
  });

  it('never ends a cut mid-word', () => {
    const text = 'Interrupted while sending: the service may or may not have stored it';
    const cell = fitCell(text);
    expect(cell.endsWith('…')).toBe(true);
    const kept = cell.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toMatch(/[\s:]/);
  });

  it('cuts a single over-long word mid-word, still with the ellipsis', () => {
    expect(fitCell('a'.repeat(60))).toBe('a'.repeat(CELL_WIDTH - 1) + '…');
  });

  it('puts a multi-line message on one line', () => {
    expect(fitCell('first\nsecond')).toBe('first second');
  });
});
