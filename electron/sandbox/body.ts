import type { IncomingMessage } from 'node:http';

/** Largest multipart body the sandbox reads, in bytes; a whole entry is a few KiB. */
export const MAX_FORM_BYTES = 4 * 1024 * 1024;
/** Largest JSON body the control endpoints read, in bytes. */
export const MAX_CONTROL_BYTES = 64 * 1024;

/** A body the sandbox would not read: too large (413) or malformed (400). */
export interface BodyRefusal {
  ok: false;
  status: 400 | 413;
  message: string;
}

/** Bytes in plain words: "4 MiB", "64 KiB", "100 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The 413 refusal naming the limit. */
export function tooLarge(limit: number): BodyRefusal {
  return { ok: false, status: 413, message: `The body is larger than the sandbox's limit of ${formatBytes(limit)}` };
}

/** A refusal when the declared Content-Length is over the limit, decided before reading a byte. */
export function declaredTooLarge(req: IncomingMessage, limit: number): BodyRefusal | undefined {
  const declared = Number(req.headers['content-length'] ?? 0);
  return declared > limit ? tooLarge(limit) : undefined;
}

/**
 * Counts the body's bytes as they arrive and calls `over` once, with reading paused, when they
 * pass the limit. Returns a function that stops counting.
 */
export function watchSize(req: IncomingMessage, limit: number, over: () => void): () => void {
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return;
    stop();
    req.pause();
    over();
  };
  const stop = () => req.off('data', onData);
  req.on('data', onData);
  return stop;
}

/** Reads a whole body as UTF-8 text, refusing with 413 beyond `limit` bytes without reading further. */
export function readText(req: IncomingMessage, limit: number): Promise<{ ok: true; text: string } | BodyRefusal> {
  const early = declaredTooLarge(req, limit);
  if (early) return Promise.resolve(early);
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    watchSize(req, limit, () => {
      chunks = [];
      resolve(tooLarge(limit));
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.once('close', () => {
      if (!req.complete) resolve({ ok: false, status: 400, message: 'The body was cut off' });
    });
  });
}
