import { describe, expect, it } from 'vitest';
import { userInfo } from 'node:os';
import { parse } from 'csv-parse/sync';
import { once } from 'node:events';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { CLI_TIMEOUT, spawnCli } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { mixedEntries, writeEntriesCsv } from '@test/support/import-files';
import { EXPORTED_CSV } from '@test/support/csv-export';
import { PERSONAL_FIELDS, isPersonalField, personalDataNotice } from '@shared/journal/personal-fields';

const cli = useCliRig({ prefix: 'feed-desk-cli-journal-' });
const operator = userInfo().username;

describe('feed-desk journal: the audit trail and the table', { timeout: CLI_TIMEOUT }, () => {
  let unknownId = 0;
  let stored = 0;

  it('leaves an unknown outcome to resolve (set-up)', async () => {
    expect((await cli.run(['submit', 'examples/entry.json'])).code).toBe(0);
    cli.sandbox.faults.add({ target: 'entry', fault: { kind: 'garbage' } });
    const run = await cli.run(['submit', 'examples/entry.json', '--allow-duplicate', '--json']);
    expect(run.code).toBe(1);
    const row = JSON.parse(run.stdout) as { id: number; state: string };
    expect(row.state).toBe('unknown');
    unknownId = row.id;
    stored = cli.sandbox.records.at(-1)?.recordid ?? 0;
  });

  it('cuts a long message at a word boundary and ends it with "…" (defect 9)', async () => {
    const rows = JSON.parse((await cli.run(['journal', '--json'])).stdout) as Array<{
      id: number;
      message: string;
    }>;
    const message = rows.find((r) => r.id === unknownId)?.message ?? '';
    expect([...message].length).toBeGreaterThan(40);
    const table = await cli.run(['journal']);
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.startsWith(`${unknownId} `)) ?? '';
    const cell = line.slice(line.indexOf(message.slice(0, 12)));
    expect(cell.endsWith('…'), cell).toBe(true);
    expect([...cell].length).toBeLessThanOrEqual(40);
    const kept = cell.slice(0, -1);
    expect(message.startsWith(kept)).toBe(true);
    expect(message[kept.length], `cut after "${kept}"`).toBe(' ');
  });

  it('shows one row: its payload as sent and its whole history, who, when and note (defect 8)', async () => {
    const resolved = await cli.run([
      'resolve',
      String(unknownId),
      '--accepted',
      String(stored),
      '--note',
      'seen in the service',
    ]);
    expect(resolved.code).toBe(0);

    const text = await cli.run(['journal', 'show', String(unknownId)]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^journal #${unknownId}: entry Accepted, recordid ${stored}\n`));
    expect(text.stdout).toMatch(
      new RegExp(`resolved\\s+by ${operator} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d: seen in the service`),
    );
    expect(text.stdout).toMatch(/reviewed\s+no/);
    expect(text.stdout).toMatch(/payload as sent \(profile Sandbox, dates as YYYY-MM-DD\):/);
    expect(text.stdout).toMatch(/total_value\s+1299\.50/);
    expect(text.stdout).toMatch(/postcode\s+LS1 4AP/);
    expect(text.stdout).toMatch(new RegExp(`\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  Queued\\s+${operator}\n`));
    expect(text.stdout).toMatch(/Sending → Unknown\s+system/);
    expect(text.stdout).toMatch(new RegExp(`Unknown → Accepted\\s+${operator}: seen in the service`));

    const json = await cli.run(['journal', 'show', String(unknownId), '--json']);
    expect(json.code).toBe(0);
    const shown = JSON.parse(json.stdout) as {
      state: string;
      payload: Record<string, string>;
      sent_as: Array<[string, string]>;
      resolution: { by: string; at: string; note: string };
      review: unknown;
      history: Array<{ from: string | null; to: string; by: string; at: string; note: string | null }>;
    };
    expect(shown.state).toBe('accepted');
    expect(shown.payload.surname).toBe('Smith');
    expect(shown.sent_as).toContainEqual(['total_value', '1299.50']);
    expect(shown.resolution).toEqual({ by: operator, at: expect.any(String), note: 'seen in the service' });
    expect(shown.review).toBeNull();
    expect(shown.history.map((h) => `${h.from}→${h.to}`)).toEqual([
      'null→queued',
      'queued→sending',
      'sending→unknown',
      'unknown→accepted',
    ]);
    expect(shown.history.at(-1)).toMatchObject({ by: operator, note: 'seen in the service' });
  });

  it('exports resolution and review in distinct CSV columns (defect 8)', async () => {
    const csv = await cli.run(['journal', '--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout.startsWith('\uFEFF')).toBe(true);
    const records = parse(csv.stdout, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    const header = csv.stdout.split('\r\n')[1]?.split(',') ?? [];
    expect(header).toEqual(
      expect.arrayContaining([
        'resolved_by',
        'resolved_at',
        'resolution_note',
        'reviewed_by',
        'reviewed_at',
        'review_note',
      ]),
    );
    const resolved = records.find((r) => r.id === String(unknownId));
    expect(resolved).toMatchObject({
      state: 'accepted',
      resolved_by: operator,
      resolution_note: 'seen in the service',
      reviewed_by: '',
      reviewed_at: '',
      review_note: '',
    });
    expect(resolved?.resolved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(records.find((r) => r.id === '1')).toMatchObject({ resolved_by: '', resolution_note: '' });
  });

  it("says in the CSV's first line that it holds personal data; --no-personal leaves those columns and the line out", async () => {
    const csv = await cli.run(['journal', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(`\uFEFF# ${personalDataNotice(PERSONAL_FIELDS)}`);
    const all = parse(csv.stdout, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    expect(all[0]).toMatchObject({ surname: 'Smith', email: 'j.smith@example.co.uk' });

    const plain = await cli.run(['journal', '--format', 'csv', '--no-personal']);
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^\uFEFFid,kind,state,recordid,/);
    for (const value of ['Smith', 'High Street', 'Leeds', 'LS1 4AP', 'example.co.uk', '0113']) {
      expect(plain.stdout).not.toContain(value);
    }
    const [header, ...rows] = parse(plain.stdout, { bom: true }) as string[][];
    expect(header!.filter(isPersonalField)).toEqual([]);
    expect(rows.map((r) => r[header!.indexOf('reference')])).toEqual(all.map((r) => r.reference));

    // The table and JSON hold no personal field: the flag changes nothing there.
    const table = await cli.run(['journal', '--json']);
    expect((await cli.run(['journal', '--json', '--no-personal'])).stdout).toBe(table.stdout);
  });

  it('ends quietly when the reader of its output goes away (`| head -1`), in every format', async () => {
    // Enough rows that the output outgrows the pipe's buffer (64 KiB): the reader has gone before the end.
    const file = writeEntriesCsv(cli.home, 'many.csv', mixedEntries(300, Number.MAX_SAFE_INTEGER, 'EPIPE').rows);
    expect((await cli.run(['submit', '--csv', file])).code).toBe(0);
    for (const format of ['csv', 'table', 'json']) {
      const child = spawnCli(['journal', '--format', format, '--limit', '1000'], cli.env());
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // Like `head -c 1`: read one chunk, then close the pipe.
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      child.stdout.destroy();
      const [code] = (await once(child, 'close')) as [number | null];
      expect(stderr, format).toBe('');
      expect(code, format).toBe(0);
    }
  });

  it('--format xlsx --out writes the workbook the screen saves; without --out it says what to give', async () => {
    const out = join(cli.home, 'journal.xlsx');
    const run = await cli.run(['journal', '--format', 'xlsx', '--out', out]);
    expect(run.stderr).toMatch(/^\d+ row\(s\) written to /);
    expect(run.code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.getWorksheet('Journal')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headings.slice(0, 3)).toEqual(['Journal #', 'Kind', 'State']);
    expect(typeof sheet.getRow(2).getCell(1).value).toBe('number');
    expect(sheet.getRow(2).getCell(headings.indexOf('Time') + 1).value).toBeInstanceOf(Date);
    const missing = await cli.run(['journal', '--format', 'xlsx']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/give the file with --out/);
  });
});
