/** Replaces every secret and token this connection has used, and any bearer token, in service text. */
export interface Redactor {
  /** Remembers a secret or token to be removed from any later text. */
  remember(secret: string): void;
  /** The text with remembered secrets (in every written form, see writtenForms) and bearer tokens replaced. */
  redact(text: string): string;
}

const MARK = '[redacted]';
const BEARER = /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const NAMED = /((?:client_secret|access_token|refresh_token|password)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi;

/** Percent-encoding with lower-case hex digits, as some services write it. */
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());

/** The ways a service may write a secret back: raw, URL- and form-encoded, JSON-escaped, base64. */
function writtenForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const json = JSON.stringify(secret).slice(1, -1);
  // As Python (ensure_ascii) and Go (&, <, >) write JSON: \uXXXX escapes.
  const asciiJson = json.replace(/[&<>\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const upperHex = asciiJson.replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => `\\u${hex.toUpperCase()}`);
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  return [
    secret,
    url,
    lowerHex(url),
    form,
    lowerHex(form),
    json,
    json.replace(/\//g, '\\/'),
    asciiJson,
    upperHex,
    asciiJson.replace(/\//g, '\\/'),
    base64,
    base64.replace(/=+$/, ''),
    base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The one redaction step for text that comes from a service (error bodies, messages): every
 * such text passes through it before it is stored, shown, exported or printed.
 */
export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  let pattern: RegExp | undefined;
  return {
    remember(secret) {
      if (!secret || secrets.has(secret)) return;
      secrets.add(secret);
      const unique = [...new Set([...secrets].flatMap(writtenForms))].sort((a, b) => b.length - a.length);
      pattern = new RegExp(unique.map(escapeRegExp).join('|'), 'g');
    },
    redact(text) {
      const known = pattern ? text.replace(pattern, MARK) : text;
      return known.replace(BEARER, `$1 ${MARK}`).replace(NAMED, `$1${MARK}`);
    },
  };
}
