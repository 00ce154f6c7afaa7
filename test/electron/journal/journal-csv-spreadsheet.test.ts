// The Journal's CSV from the screen reads well in a spreadsheet; the CLI's keeps the field names.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, expect, it } from 'vitest';
import { writeJournalCsv } from '@main/journal/csv-export';
import { writePeopleCsv } from '@main/journal/csv-for-people';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function entries(r: CoreRig): Promise<void> {
  for (const reference of ['SHEET-1', 'SHEET-2']) {
    const queued = await r.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
  }
  await r.core.outbox.drain();
}

it('opened with a spreadsheet reader: the screen’s headings, dates as dates, no cancellation columns in a file of entries', async () => {
  rig = await startCoreRig();
  await entries(rig);
  let text = '';
  const r = rig;
  const rows = await writePeopleCsv(
    r.core.journal,
    () => r.core.journal.iterate({ sort: 'id', direction: 'asc' }),
    (t) => (text += t),
  );
  expect(rows).toBe(2);

  // A spreadsheet reads "2026-11-27 14:05:09" as a date and time.
  const book = new ExcelJS.Workbook();
  const sheet = await book.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]), {
    dateFormats: ['YYYY-MM-DD HH:mm:ss'],
  });
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  // Headings in row 1: freeze, filter and sort take them (the save dialog says the file holds personal data).
  const header = values(1) as string[];
  expect(header.slice(0, 5)).toEqual(['Journal #', 'Kind', 'State', 'Recordid', 'Profile']);
  expect(header).toEqual(expect.arrayContaining(['Time', 'Account code', 'Surname', 'Postcode', 'Purchase date']));
  for (const absent of [
    'Cancellation date',
    'Reason',
    'Original recordid',
    'Resolved by',
    'created_at',
    'account_code',
  ])
    expect(header).not.toContain(absent);

  const { rows: journal } = await r.core.journal.list({ sort: 'id', direction: 'asc' });
  const time = values(2)[header.indexOf('Time')];
  expect(time).toBeInstanceOf(Date);
  expect((time as Date).getTime()).toBe(Math.floor(Date.parse(journal[0]!.createdAt) / 1000) * 1000);
  expect(values(2)[header.indexOf('Finished')]).toBeInstanceOf(Date);
  expect(values(2)[header.indexOf('State')]).toBe('Accepted');
});

it('feed-desk journal --format csv keeps the field names and ISO times for scripts', async () => {
  rig = await startCoreRig();
  await entries(rig);
  let text = '';
  await writeJournalCsv(rig.core.journal, { sort: 'id', direction: 'asc' }, (t) => (text += t));
  const header = text.split('\r\n')[1]!.split(',');
  expect(header.slice(0, 7)).toEqual(['id', 'kind', 'state', 'recordid', 'profile', 'operator', 'created_at']);
  expect(header).toEqual(expect.arrayContaining(['original_recordid', 'cancellation_date', 'reason']));
  expect(text.split('\r\n')[2]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},/);
});
