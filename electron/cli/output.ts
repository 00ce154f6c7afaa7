import type { Readable } from 'node:stream';

/** Exit statuses of every command: accepted (or done), invalid input, possible duplicate, anything else. */
export const EXIT = { ok: 0, other: 1, invalid: 2, duplicate: 3 } as const;

/**
 * A failure the CLI reports as one line on stderr (or one JSON object on stdout with --json),
 * with a machine-readable code and a chosen exit status (2, invalid input, unless told).
 */
export class CliFailure extends Error {
  override readonly name = 'CliFailure' as const;
  readonly exitCode: number;
  readonly code: string;
  /** Extra members of the JSON error object (field errors, the duplicate row, ...). */
  readonly details: Record<string, unknown>;
  /** Per-field messages printed under the line in text mode. */
  readonly fields: Record<string, string> | undefined;
  constructor(
    message: string,
    options: {
      exitCode?: number;
      code?: string;
      details?: Record<string, unknown>;
      fields?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.exitCode = options.exitCode ?? EXIT.invalid;
    this.code = options.code ?? 'invalid';
    this.details = options.details ?? {};
    this.fields = options.fields;
  }
}

/** Prints one JSON line to stdout. */
/** Raised by writeOut once the reader of standard output has gone: the command stops, quietly. */
export class OutputClosed extends Error {
  override readonly name = 'OutputClosed' as const;
}

let outputClosed = false;

/**
 * Standard output whose reader goes away (`feed-desk journal … | head -1`) ends quietly: later
 * writes are dropped instead of raising EPIPE, and writeOut tells a long export to stop.
 */
export function watchOutput(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    outputClosed = true;
  });
}

/** Writes a piece of a long output; throws OutputClosed once nobody reads it any more. */
export function writeOut(text: string): void {
  if (outputClosed) throw new OutputClosed('standard output was closed');
  process.stdout.write(text);
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}

/** Prints per-field messages as aligned "field  message" lines. */
export function printFieldErrors(fields: Record<string, string>, stream: NodeJS.WritableStream = process.stderr): void {
  const width = Math.max(0, ...Object.keys(fields).map((k) => k.length));
  for (const [name, message] of Object.entries(fields)) stream.write(`  ${name.padEnd(width)}  ${message}\n`);
}

/** The most the CLI reads from an entry file or standard input. */
export const MAX_INPUT_BYTES = 1024 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);

/**
 * Reads a stream whole (at most `limit` bytes) and decodes it once as UTF-8, so a character split
 * across chunks stays whole; a byte order mark is dropped. `what` names the input in messages.
 */
export async function readText(stream: Readable, what: string, limit = MAX_INPUT_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) {
      stream.destroy();
      throw new CliFailure(`${what} is larger than ${sizeText(limit)}; give one entry of at most that size`, {
        code: 'too-large',
      });
    }
    chunks.push(buffer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new CliFailure(`${what} is not UTF-8 text`, { code: 'invalid' });
  }
}

/** Reads all of stdin as text (secrets, so they never appear in arguments; entries with `-`). */
export function readStdin(what = 'Standard input', limit = MAX_INPUT_BYTES): Promise<string> {
  return readText(process.stdin, what, limit);
}
