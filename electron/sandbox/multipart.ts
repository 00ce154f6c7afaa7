import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';

/** Parts of a multipart/form-data body in arrival order, or why the body was refused. */
export type ParsedForm = { ok: true; parts: Array<[string, string]> } | { ok: false; message: string };

const MAX_PARTS = 200;
const MAX_PART_BYTES = 1024 * 1024;

/** Parses a multipart/form-data request with busboy: text parts only, size-limited, UTF-8. */
export function readMultipart(req: IncomingMessage): Promise<ParsedForm> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    req.resume();
    return Promise.resolve({ ok: false, message: 'The body must be multipart/form-data' });
  }
  return new Promise((resolve) => {
    const parts: Array<[string, string]> = [];
    let refused: string | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fields: MAX_PARTS, fieldSize: MAX_PART_BYTES, files: 0 },
      });
    } catch (err) {
      req.resume();
      resolve({ ok: false, message: `Malformed multipart body: ${(err as Error).message}` });
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) refused ??= `Part ${name} is larger than ${MAX_PART_BYTES} bytes`;
      parts.push([name, value]);
    });
    parser.on('file', (name, stream) => {
      refused ??= `Part ${name} is a file; only text parts are accepted`;
      stream.resume();
    });
    parser.on('fieldsLimit', () => (refused ??= `More than ${MAX_PARTS} parts`));
    parser.on('filesLimit', () => (refused ??= 'File parts are not accepted'));
    parser.on('error', (err: Error) => resolve({ ok: false, message: `Malformed multipart body: ${err.message}` }));
    parser.on('close', () => resolve(refused ? { ok: false, message: refused } : { ok: true, parts }));
    req.pipe(parser);
  });
}
