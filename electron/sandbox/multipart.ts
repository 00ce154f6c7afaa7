import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { MAX_FORM_BYTES, declaredTooLarge, tooLarge, watchSize, type BodyRefusal } from './body';

/** Parts of a multipart/form-data body in arrival order, or why the body was refused (400 or 413). */
export type ParsedForm = { ok: true; parts: Array<[string, string]> } | BodyRefusal;

const MAX_PARTS = 200;
const MAX_PART_BYTES = 1024 * 1024;

const malformed = (message: string): BodyRefusal => ({ ok: false, status: 400, message });

/**
 * Parses a multipart/form-data request with busboy: text parts only, UTF-8, at most
 * MAX_FORM_BYTES in all. A larger body is refused with 413 and not read further.
 */
export function readMultipart(req: IncomingMessage): Promise<ParsedForm> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return Promise.resolve(malformed('The body must be multipart/form-data'));
  }
  const early = declaredTooLarge(req, MAX_FORM_BYTES);
  if (early) return Promise.resolve(early);
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
      resolve(malformed(`Malformed multipart body: ${(err as Error).message}`));
      return;
    }
    const stopCounting = watchSize(req, MAX_FORM_BYTES, () => {
      req.unpipe(parser);
      parser.destroy();
      resolve(tooLarge(MAX_FORM_BYTES));
    });
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
    parser.on('error', (err: Error) => {
      stopCounting();
      resolve(malformed(`Malformed multipart body: ${err.message}`));
    });
    parser.on('close', () => {
      stopCounting();
      resolve(refused ? malformed(refused) : { ok: true, parts });
    });
    req.once('close', () => {
      if (!req.complete) resolve(malformed('The body was cut off'));
    });
    req.pipe(parser);
  });
}
