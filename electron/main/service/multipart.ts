import { randomBytes } from 'node:crypto';
import type { WirePart } from '@shared/entry/wire';

/** Line breaks of a text value as multipart/form-data carries them (the HTML form encoding): CRLF. */
const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, '\r\n');
/** A part's name inside its quoted header, escaped as browsers and undici's FormData escape it. */
const quotedName = (name: string) => crlf(name).replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');

/** A multipart/form-data body of text parts, built once as bytes, and its content type. */
export interface MultipartBody {
  body: Buffer;
  contentType: string;
}

/**
 * Encodes text parts as multipart/form-data bytes, exactly as undici's FormData does (UTF-8,
 * lone surrogates as U+FFFD, line breaks as CRLF), without its web streams: one buffer per body.
 * The boundary is random and checked against the content.
 */
export function multipartBody(parts: readonly WirePart[]): MultipartBody {
  const text = parts.map(([name, value]) => [quotedName(name), crlf(value)] as const);
  let boundary: string;
  do boundary = `----FeedDeskBoundary${randomBytes(12).toString('hex')}`;
  while (text.some(([name, value]) => name.includes(boundary) || value.includes(boundary)));
  let body = '';
  for (const [name, value] of text) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { body: Buffer.from(body, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` };
}
