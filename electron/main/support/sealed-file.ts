import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';

// Small files of customer data a desk keeps beside its journal (drafts waiting for the office
// journal, the service's answers it could not record yet) are sealed under this computer's
// journal key: AES-256-GCM, the nonce and tag before the text, as {"sealed": base64}.

/** The text sealed under the key, as the file holds it. */
export function sealText(text: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return JSON.stringify({ sealed: Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64') });
}

/**
 * A file's text: opened with the key when sealed, as it is when plain (no keychain, or written by
 * an earlier version). Throws when it is sealed and the key is missing or another.
 */
export function openText(raw: string, key: Buffer | undefined): string {
  let sealed: unknown;
  try {
    sealed = (JSON.parse(raw) as { sealed?: unknown } | null)?.sealed;
  } catch {
    return raw; // not one JSON value: a plain file of lines
  }
  if (typeof sealed !== 'string') return raw;
  if (!key) throw new Error('sealed under a journal key this computer does not hold');
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 28) throw new Error('too short to be sealed');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Moves a file that cannot be read aside (never over another), so the next write does not replace
 * what it holds: with the keychain that sealed it restored, it can still be read. Returns where.
 */
export function setAside(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  let aside = `${path}.unreadable`;
  for (let n = 2; existsSync(aside); n += 1) aside = `${path}.unreadable-${n}`;
  renameSync(path, aside);
  return aside;
}
