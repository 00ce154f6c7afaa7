/** A failure the CLI reports as one line on stderr with a chosen exit status. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure' as const;
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Prints one JSON line to stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}

/** Prints per-field messages as aligned "field  message" lines. */
export function printFieldErrors(fields: Record<string, string>, stream: NodeJS.WriteStream = process.stderr): void {
  const width = Math.max(0, ...Object.keys(fields).map((k) => k.length));
  for (const [name, message] of Object.entries(fields)) stream.write(`  ${name.padEnd(width)}  ${message}\n`);
}

/** Reads all of stdin as text (used for secrets, so they never appear in arguments). */
export async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}
