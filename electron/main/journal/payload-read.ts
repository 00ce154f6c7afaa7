/** Longest stored text kept of a payload that is not an object. */
const SHOWN = 500;

/**
 * A stored payload as readers may use it: an object of text. Every store checks payloads on the
 * way in, but a row written before those checks, or an edited journal file, may hold anything; a
 * reader must go on (an export, a detail view), so such a payload is shown, never thrown on: a
 * value that is not text becomes its JSON text, and anything but an object becomes
 * `{ unreadable: "<its JSON text>" }`.
 */
export function readPayload(stored: unknown): Record<string, string> {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored) as unknown;
    } catch {
      return { unreadable: stored.slice(0, SHOWN) };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { unreadable: String(JSON.stringify(value)).slice(0, SHOWN) };
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : String(JSON.stringify(v))]),
  );
}
