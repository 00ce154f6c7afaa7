import type { SubmissionRow } from '@shared/journal/types';
import { formatMoment } from '@shared/format/moments';
import { STATE_LABELS } from '@shared/journal/state-words';

/** A moment in the CLI's human output: dates as files and the CLI take them, 24-hour local time. */
export const cliMoment = (iso: string, seconds = false): string => formatMoment(iso, 'YYYY-MM-DD', seconds);

/** The widest a table cell gets, in characters. */
export const CELL_WIDTH = 40;

/**
 * Fits text into `width` characters: whole when it fits, else cut at the last word boundary
 * (or mid-word when one word is longer than the cell) and ended with "…". Line breaks become spaces.
 */
export function fitCell(value: string, width = CELL_WIDTH): string {
  const text = value.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  if (chars.length <= width) return text;
  const room = chars.slice(0, width - 1).join('');
  const space = room.lastIndexOf(' ');
  let cut = room;
  if (chars[width - 1] !== ' ' && space >= width / 3) cut = room.slice(0, space);
  return cut.replace(/[\s,;:.-]+$/, '') + '…';
}

/** Prints rows as an aligned text table; long cells end with "…" at a word boundary. */
export function printTable(rows: readonly SubmissionRow[], out: NodeJS.WritableStream = process.stdout): void {
  const header = ['id', 'kind', 'state', 'recordid', 'reference', 'policy', 'attempts', 'created', 'message'];
  const cells = rows.map((r) =>
    [
      r.id,
      r.kind,
      STATE_LABELS[r.state],
      r.recordid ?? '',
      r.reference,
      r.policy,
      r.attempts,
      cliMoment(r.createdAt),
      r.message ?? '',
    ].map((v) => fitCell(String(v))),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => [...(c[i] ?? '')].length)));
  for (const line of [header, ...cells]) {
    const padded = line.map((c, i) => c + ' '.repeat(Math.max(0, (widths[i] ?? 0) - [...c].length)));
    out.write(padded.join('  ').trimEnd() + '\n');
  }
}
