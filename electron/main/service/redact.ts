/** Replaces every secret and token this connection has used, and any bearer token, in service text. */
export interface Redactor {
  /** Remembers a secret or token to be removed from any later text. */
  remember(secret: string): void;
  /** The text with remembered secrets (also URL- and JSON-escaped) and bearer tokens replaced. */
  redact(text: string): string;
}

const MARK = '[redacted]';
const BEARER = /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const NAMED = /((?:client_secret|access_token|refresh_token|password)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi;

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
      if (secret.length < 4 || secrets.has(secret)) return;
      secrets.add(secret);
      const forms = [...secrets].flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
      const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
      pattern = new RegExp(unique.map(escapeRegExp).join('|'), 'g');
    },
    redact(text) {
      const known = pattern ? text.replace(pattern, MARK) : text;
      return known.replace(BEARER, `$1 ${MARK}`).replace(NAMED, `$1${MARK}`);
    },
  };
}
