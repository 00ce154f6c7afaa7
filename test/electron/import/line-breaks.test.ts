// Issue 18: a value is never changed by reading it; line breaks in single-line fields are repaired
// only as a person chooses, and every other change is listed as "as in the file → as it will be sent".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImport } from '@main/import/batch-check';
import { readEntries, type ReadEntry } from '@main/import/entries';
import type { LineRepair } from '@shared/import/repairs';
import { showInvisible, visibleText } from '@shared/import/repairs';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput, testProfile } from '@test/support/service';

const HEADER = [...Object.keys(sampleInput()), 'address1', 'address2', 'description'];

/** A CSV of sample entries with the given address and description cells (one row each). */
function writeRows(rows: Array<{ reference: string; address1: string; address2?: string; description?: string }>) {
  const path = join(tempHome(), 'crm.csv');
  const lines = rows.map((r) => [
    ...Object.values(sampleInput({ reference: r.reference })).map(String),
    r.address1,
    r.address2 ?? '',
    r.description ?? '',
  ]);
  writeFileSync(path, stringify([HEADER, ...lines]));
  return path;
}

async function read(path: string, repairs?: LineRepair[]): Promise<ReadEntry[]> {
  const { entries } = await readEntries(path, { rules: testProfile, dateOrder: 'DD/MM/YYYY', repairs });
  const all: ReadEntry[] = [];
  for await (const e of entries) all.push(e);
  return all;
}

const FILE = [
  { reference: 'L-1', address1: 'Flat 3\n12 King Street' },
  { reference: 'L-2', address1: 'Unit 5\r\n9 Mill Lane', address2: 'Old Town' },
  { reference: 'L-3', address1: '1 High Street', description: 'first line\nsecond line' },
];

describe('line breaks in single-line fields of an imported file', () => {
  it('are kept as they are: the row is invalid, its value unchanged (nothing joined, nothing dropped)', async () => {
    const [one, two, three] = await read(writeRows(FILE));
    expect(one).toMatchObject({ ok: false, fields: { address1: 'Keep this to a single line' } });
    expect(one!.input.address1).toBe('Flat 3\n12 King Street');
    expect(two!.input.address1).toBe('Unit 5\r\n9 Mill Lane');
    // A multi-line field takes line breaks as they are.
    expect(three).toMatchObject({ ok: true, entry: { description: 'first line\r\nsecond line' } });
  });

  it('are joined with ", " only when the person chooses it, for every row or the rows named', async () => {
    const all = await read(writeRows(FILE), [{ kind: 'join', separator: ', ' }]);
    expect(all.map((e) => e.ok && e.entry.address1)).toEqual([
      'Flat 3, 12 King Street',
      'Unit 5, 9 Mill Lane',
      '1 High Street',
    ]);
    expect(all[0]!.file.address1).toBe('Flat 3\n12 King Street'); // what the file holds stays known
    const rowTwoOnly = await read(writeRows(FILE), [{ kind: 'join', separator: ', ', rows: [2] }]);
    expect(rowTwoOnly.map((e) => e.ok)).toEqual([true, false, true]);
  });

  it('the second line of Address line 1 moves to Address line 2 only where that is empty', async () => {
    const all = await read(writeRows(FILE), [{ kind: 'address2' }]);
    expect(all[0]).toMatchObject({ ok: true, entry: { address1: 'Flat 3', address2: '12 King Street' } });
    expect(all[1]).toMatchObject({ ok: false, fields: { address1: 'Keep this to a single line' } });
  });

  it('are shown as marks, never dropped', () => {
    expect(visibleText('Flat 3\n12 King Street')).toBe('Flat 3⏎12 King Street');
    expect(visibleText('a\r\nb\tc\u200Bd')).toBe('a⏎b⇥c⟨U+200B⟩d');
    expect(showInvisible('x\ny')).toEqual([{ text: 'x' }, { text: '⏎', invisible: 'line break' }, { text: 'y' }]);
  });
});

describe('the check of an import', () => {
  let rig: CoreRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it('lists every value sent otherwise than the file writes it: as in the file → as it will be sent', async () => {
    rig = await startCoreRig();
    const path = join(tempHome(), 'cleaned.csv');
    const row = { ...sampleInput({ reference: 'C-1' }), surname: ' Smith ', total_value: '£1,234.5' };
    writeFileSync(path, stringify([Object.keys(row), Object.values(row).map(String)]));
    const check = await checkImport(rig.core, { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' });
    expect(check.changedRows).toBe(1);
    // The amount only written the service's way is counted, not listed.
    expect(check.changes).toEqual([{ row: 2, field: 'surname', file: ' Smith ', sent: 'Smith' }]);
    expect(check.formatted).toBe(1);
  });
});
