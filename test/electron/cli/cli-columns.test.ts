import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';

// Each test has a fresh data folder pointed at the file's sandbox (cli.freshHome()).
const cli = useCliRig({ prefix: 'feed-desk-cli-columns-' });

/** A partner's file: its own headings, two rows, a Notes column and a Date column that could be two fields. */
const HEADER = ['Acct Code', 'Cust Ref', 'Inits', 'Last Name', 'Post Code', 'Policy No', 'Seats', 'Total Value (£)'];
const PARTNER = [
  [...HEADER, 'Premium Amount', 'Notes', 'Date'],
  ['ACME01', 'COL-1', 'J', 'Smith', 'LS1 4AP', 'FURN-PLUS', '3', '1299.50', '89.99', 'call first', '2026-11-02'],
  ['ACME01', 'COL-2', 'K', 'Jones', 'M1 1AE', 'FURN-PLUS-2', '2', '500', '45', '', '2026-10-30'],
];

describe('feed-desk submit --csv with --columns, --column and --dry-run', { timeout: CLI_TIMEOUT }, () => {
  it('--dry-run prints the mapping, one line per column of the file, with how each column was matched', async () => {
    const folder = cli.freshHome();
    const file = join(folder.home, 'partner.csv');
    writeFileSync(file, stringify(PARTNER));
    const run = await folder.run(['submit', '--csv', file, '--dry-run', '--column', 'Notes=-']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'column A "Acct Code" → account_code (by synonym)',
      'column B "Cust Ref" → reference (by synonym)',
      'column C "Inits" → initials (by synonym)',
      'column D "Last Name" → surname (by synonym)',
      'column E "Post Code" → postcode (by name)',
      'column F "Policy No" → policy (by synonym)',
      'column G "Seats" → total_seats (by synonym)',
      'column H "Total Value (£)" → total_value (by name)',
      'column I "Premium Amount" → policy_premium (guess: check it)',
      'column J "Notes" → not imported (given)',
      'column K "Date" → not imported (could be purchase_date or delivery_date: choose with --column)',
      '',
    ]);
    const json = await folder.run(['submit', '--csv', file, '--dry-run', '--json']);
    const checked = JSON.parse(json.stdout.trim()) as { columns: unknown[] };
    expect(checked.columns[8]).toEqual({
      column: 8,
      heading: 'Premium Amount',
      field: 'policy_premium',
      how: 'guess',
      candidates: [],
    });
  });

  it('sends each column to the field given by --columns and --column, and nothing from a column left out', async () => {
    const folder = cli.freshHome();
    const file = join(folder.home, 'partner.csv');
    writeFileSync(file, stringify(PARTNER));
    const map = join(folder.home, 'map.csv');
    writeFileSync(map, 'heading,field\nDate,delivery_date\nNotes,description\n');
    const before = cli.sandbox.records.length;
    const run = await folder.run(['submit', '--csv', file, '--columns', map, '--column', 'Date=purchase_date']);
    expect(run.stderr).toContain('column I "Premium Amount" → policy_premium (guess: check it)');
    expect(run.code).toBe(0);
    const stored = cli.sandbox.records.slice(before).map((r) => Object.fromEntries(r.parts));
    expect(stored).toEqual([
      expect.objectContaining({
        account_code: 'ACME01',
        reference: 'COL-1',
        initials: 'J',
        surname: 'Smith',
        postcode: 'LS1 4AP',
        policy: 'FURN-PLUS',
        total_seats: '3',
        total_value: '1299.50',
        policy_premium: '89.99',
        description: 'call first',
        purchase_date: '2026-11-02',
      }),
      expect.objectContaining({
        reference: 'COL-2',
        surname: 'Jones',
        total_value: '500.00',
        purchase_date: '2026-10-30',
      }),
    ]);
    // Every field is on the wire; one no column feeds is empty.
    expect(stored.map((r) => [r.delivery_date, r.description])).toEqual([
      ['', 'call first'],
      ['', ''],
    ]);
  });

  it('refuses a heading the file does not have, and --column without --csv, before anything is sent', async () => {
    const folder = cli.freshHome();
    const file = join(folder.home, 'partner.csv');
    writeFileSync(file, stringify(PARTNER));
    const absent = await folder.run(['submit', '--csv', file, '--column', 'Fone=telephone']);
    expect(absent.code).toBe(2);
    expect(absent.stderr).toContain('partner.csv has no column headed "Fone" (--column); its headings: "Acct Code"');
    const alone = await folder.run(['submit', 'entry.json', '--column', 'A=policy']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--columns and --column go with --csv');
  });

  it("remembers fields given on the command line for the profile's next file; --no-remember does not", async () => {
    const folder = cli.freshHome();
    const first = join(folder.home, 'partner-week1.csv');
    writeFileSync(first, stringify(PARTNER));
    const given = ['--column', 'Date=purchase_date', '--column', 'Notes=-'];
    const sent = await folder.run(['submit', '--csv', first, ...given]);
    expect(sent.code).toBe(0);
    // The partner's next file, a week later: no choices given, the remembered ones read it the same way.
    const next = join(folder.home, 'partner-week2.csv');
    writeFileSync(
      next,
      stringify([
        PARTNER[0]!,
        ['ACME01', 'COL-3', 'L', 'Brown', 'LS1 4AP', 'FURN-3', '1', '10', '1', 'x', '2026-11-09'],
      ]),
    );
    const dry = await folder.run(['submit', '--csv', next, '--dry-run']);
    expect(dry.stdout).toContain('column K "Date" → purchase_date (remembered)');
    expect(dry.stdout).toContain('column J "Notes" → not imported (remembered)');

    const other = cli.freshHome();
    const file = join(other.home, 'partner.csv');
    writeFileSync(file, stringify(PARTNER));
    expect((await other.run(['submit', '--csv', file, ...given, '--no-remember'])).code).toBe(0);
    const again = await other.run(['submit', '--csv', file, '--dry-run']);
    expect(again.stdout).toContain('column K "Date" → not imported (could be purchase_date or delivery_date');
  });

  it('a --columns file naming a column the partner has dropped is said, and the file is read', async () => {
    const folder = cli.freshHome();
    const file = join(folder.home, 'partner.csv');
    writeFileSync(file, stringify(PARTNER));
    const map = join(folder.home, 'partner-columns.csv');
    writeFileSync(map, 'Date,purchase_date\nFax,telephone\n');
    const run = await folder.run(['submit', '--csv', file, '--columns', map, '--dry-run']);
    expect(run.stderr).toContain(
      `has no column headed "Fax" (--columns ${map}): that choice is not used for this file`,
    );
    expect(run.stdout).toContain('column K "Date" → purchase_date (given)');
    expect(run.code).toBe(0);
  });

  it('reads a UTF-16 file (Excel\'s "Unicode text"), by its byte order mark or --encoding utf-16', async () => {
    const folder = cli.freshHome();
    const text = stringify(PARTNER, { delimiter: '\t' });
    const file = join(folder.home, 'unicode.txt');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const run = await folder.run(['submit', '--csv', file, '--dry-run', '--column', 'Date=purchase_date']);
    expect(run.stdout).toContain('column D "Last Name" → surname (by synonym)');
    expect(run.code).toBe(0);
    const bare = join(folder.home, 'unicode-no-bom.txt');
    writeFileSync(bare, Buffer.from(text, 'utf16le'));
    const chosen = await folder.run([
      'submit',
      '--csv',
      bare,
      '--dry-run',
      '--encoding',
      'utf-16',
      '--column',
      'Date=purchase_date',
    ]);
    expect(chosen.stdout).toContain('column D "Last Name" → surname (by synonym)');
    expect(chosen.code).toBe(0);
  });
});
