import { decodeHTML } from 'entities';

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

/**
 * HTML-escaped, as services' pages and templates write it: & < > always as named entities, the
 * quotes as Go (&#34; &#39;), Python (&quot; &#x27;), XML (&apos;) or PHP (&#039;) write them.
 * Other and mixed forms are found by decoding the text (see createRedactor).
 */
function htmlForms(secret: string): string[] {
  const base = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return ['&quot;', '&#34;'].flatMap((quot) =>
    ['&#39;', '&#x27;', '&apos;', '&#039;'].map((apos) => base.replace(/"/g, quot).replace(/'/g, apos)),
  );
}

/** The ways a service may write a secret back: raw, URL- and form-encoded, JSON- and HTML-escaped, base64. */
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
    ...htmlForms(secret),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How many times entities are decoded at most (a page may escape text that was escaped already). */
const DECODE_ROUNDS = 3;

/**
 * The one redaction step for text that comes from a service (error bodies, messages): every
 * such text passes through it before it is stored, shown, exported or printed. A text with HTML
 * entities is also read decoded (numeric and named, mixed, escaped twice): where the decoded text
 * shows a secret, token or `"password": …` to remove, the decoded text, redacted, is kept instead.
 */
export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  let pattern: RegExp | undefined;
  const scrub = (text: string) =>
    (pattern ? text.replace(pattern, MARK) : text).replace(BEARER, `$1 ${MARK}`).replace(NAMED, `$1${MARK}`);
  return {
    remember(secret) {
      if (!secret || secrets.has(secret)) return;
      secrets.add(secret);
      const unique = [...new Set([...secrets].flatMap(writtenForms))].sort((a, b) => b.length - a.length);
      pattern = new RegExp(unique.map(escapeRegExp).join('|'), 'g');
    },
    redact(text) {
      let result = scrub(text);
      let level = result;
      for (let round = 0; round < DECODE_ROUNDS && level.includes('&'); round += 1) {
        const decoded = decodeHTML(level);
        if (decoded === level) break;
        level = scrub(decoded);
        if (level !== decoded) result = level;
      }
      return result;
    },
  };
}
