import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { processAlive } from './process-alive';

const linkSchema = z.object({ url: z.string().url(), pid: z.number().int() });

/** Records where a standalone sandbox listens, so the CLI's Sandbox profile can find it. */
export function writeSandboxLink(home: string, url: string): () => void {
  const file = join(home, 'sandbox.json');
  writeFileSync(file, JSON.stringify({ url, pid: process.pid }) + '\n', { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The URL of a running standalone sandbox for this data folder, if one is running. */
export function readSandboxLink(home: string): string | undefined {
  const file = join(home, 'sandbox.json');
  if (!existsSync(file)) return undefined;
  const parsed = linkSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success && processAlive(parsed.data.pid) ? parsed.data.url : undefined;
}
