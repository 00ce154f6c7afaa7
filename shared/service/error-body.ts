/** A service error reduced to a message and, where the body names fields, per-field messages. */
export interface ServiceErrorSummary {
  message: string;
  fields: Record<string, string>;
}

/** What an error body says: its headline, messages at named fields, and other messages. */
interface BodyReading {
  headline?: string;
  fields: Record<string, string>;
  others: string[];
}

const SNIPPET_CHARS = 500;
const MAX_FIELDS = 50;
const MAX_MESSAGE_CHARS = 1000;
/** Larger bodies are not parsed as JSON; their first characters are shown as text. */
const MAX_JSON_CHARS = 256 * 1024;
const MESSAGE_KEYS = ['message', 'msg', 'detail', 'reason', 'title', 'description', 'error_description'] as const;
const FIELD_KEYS = ['field', 'name', 'param', 'parameter', 'property', 'path', 'loc'] as const;
/** JSON:API pointer segments that are structure, not a field name. */
const POINTER_STRUCTURE = new Set(['', 'data', 'attributes', 'relationships']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const clip = (text: string, max = SNIPPET_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Plain text of a message-like value: a string, a number, a list of them, or an object's message/msg/detail/…. */
function textOf(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.trim() ? clip(value.trim()) : undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (depth > 2) return undefined;
  if (Array.isArray(value)) {
    const texts = value.map((v) => textOf(v, depth + 1)).filter((t): t is string => t !== undefined);
    return texts.length ? clip(texts.join('; ')) : undefined;
  }
  if (!isRecord(value)) return undefined;
  for (const key of MESSAGE_KEYS) {
    const text = typeof value[key] === 'string' ? textOf(value[key]) : undefined;
    if (text) return text;
  }
  return undefined;
}

/** The field a JSON pointer names: its last segment that is neither structure nor a list index. */
function fieldOfPointer(pointer: string): string | undefined {
  const segments = pointer
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .filter((s) => !POINTER_STRUCTURE.has(s) && !/^\d+$/.test(s));
  return segments.at(-1);
}

/** The field an error list item names: field/name/param/…, a `loc` path, or JSON:API `source`. */
function fieldOfItem(item: Record<string, unknown>): string | undefined {
  for (const key of FIELD_KEYS) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (Array.isArray(value)) {
      const last = value.filter((v): v is string => typeof v === 'string' && v !== 'body').at(-1);
      if (last) return last;
    }
  }
  const source = item.source;
  if (!isRecord(source)) return undefined;
  if (typeof source.pointer === 'string') return fieldOfPointer(source.pointer);
  return typeof source.parameter === 'string' && source.parameter ? source.parameter : undefined;
}

function addField(reading: BodyReading, name: string, text: string): void {
  const known = reading.fields[name];
  if (known === undefined && Object.keys(reading.fields).length >= MAX_FIELDS) return;
  reading.fields[name] = known && known !== text ? clip(`${known}; ${text}`) : text;
}

/** Reads `{field: msg | [msg] | {message}}`. */
function readFieldMap(map: Record<string, unknown>, reading: BodyReading): void {
  for (const [name, value] of Object.entries(map)) {
    const text = textOf(value);
    if (text) addField(reading, name, text);
  }
}

/** Reads `[{field|name|param|source…, message|msg|detail|reason|title}]` and plain strings. */
function readErrorList(list: unknown[], reading: BodyReading): void {
  for (const item of list) {
    const text = textOf(item);
    if (!text) continue;
    const field = isRecord(item) ? fieldOfItem(item) : undefined;
    if (field) addField(reading, field, text);
    else if (!reading.others.includes(text) && text !== reading.headline) reading.others.push(text);
  }
}

function readErrors(value: unknown, reading: BodyReading): void {
  if (Array.isArray(value)) readErrorList(value, reading);
  else if (isRecord(value)) readFieldMap(value, reading);
}

/** The headline of an error object: message, OAuth error_description, RFC 9457 detail/title, or error. */
function headlineOf(body: Record<string, unknown>): string | undefined {
  const error = body.error;
  return (
    textOf(typeof body.message === 'string' ? body.message : undefined) ??
    textOf(body.error_description) ??
    textOf(typeof body.detail === 'string' ? body.detail : undefined) ??
    textOf(body.title) ??
    (typeof error === 'string' ? textOf(error) : isRecord(error) ? headlineOf(error) : undefined)
  );
}

/** Reads every shape the product brief lists; unknown keys are ignored. */
function readBody(body: unknown): BodyReading {
  const reading: BodyReading = { fields: {}, others: [] };
  if (Array.isArray(body)) readErrorList(body, reading);
  else if (typeof body === 'string') reading.headline = textOf(body);
  else if (isRecord(body)) {
    reading.headline = headlineOf(body);
    const containers = isRecord(body.error) ? [body, body.error] : [body];
    for (const container of containers) {
      if (isRecord(container.fields)) readFieldMap(container.fields, reading);
      readErrors(container.errors, reading);
      for (const key of ['invalid-params', 'invalid_params', 'detail']) {
        const list = container[key];
        if (Array.isArray(list)) readErrorList(list, reading);
      }
    }
  }
  return reading;
}

/** The value with every string in it (keys too) passed through `redact`. */
function redactDeep(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v, redact, depth + 1)]));
}

/** How the answer is introduced, in plain words, by its status. */
function leadFor(status: number): string {
  if (status === 401 || status === 403) return `The service refused access (HTTP ${status})`;
  if (status === 404 || status === 405) return `The service did not recognise the request (HTTP ${status})`;
  if (status === 429) return 'The service asked us to slow down (HTTP 429)';
  if (status >= 400 && status < 500) return `The service refused the entry (HTTP ${status})`;
  if (status >= 500 && status < 600) return `The service reported an error (HTTP ${status})`;
  return `The service gave an unexpected answer (HTTP ${status})`;
}

/** Visible text of an HTML page (gateways answer with them), else the text itself, whitespace collapsed. */
function plainText(text: string): string {
  const trimmed = text.trim();
  const html = /^<|<\/?(html|body|head|title|h1|p)\b/i.test(trimmed);
  const visible = html
    ? trimmed
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
    : trimmed;
  return visible.replace(/\s+/g, ' ').trim();
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length > MAX_JSON_CHARS) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads an error body of unknown shape into plain words: messages at the fields it names
 * ("The service refused the entry: purchase_date — must be YYYY-MM-DD"), else the status and the
 * service's message, else the first 500 characters of its text. Never raw JSON.
 */
export function summariseErrorBody(
  status: number,
  text: string,
  redact: (text: string) => string = (t) => t,
): ServiceErrorSummary {
  const json = parseJson(text);
  if (!json.ok || json.value === null || typeof json.value === 'number' || typeof json.value === 'boolean') {
    const snippet = redact(plainText(redact(text))).slice(0, SNIPPET_CHARS);
    return {
      message: snippet ? `${leadFor(status)}: ${snippet}` : `${leadFor(status)} with an empty answer`,
      fields: {},
    };
  }
  // Every decoded string is redacted before it is read, so no escape or cut can hide a secret.
  const { headline, fields, others } = readBody(redactDeep(json.value, redact));
  const named = Object.entries(fields).map(([name, message]) => `${name} — ${message}`);
  let message: string;
  if (named.length > 0) {
    const lead = status >= 400 && status < 500 ? 'The service refused the entry' : leadFor(status);
    message = `${lead}: ${[...named, ...others].join('; ')}`;
  } else {
    const said = [headline, ...others].filter((t): t is string => t !== undefined);
    message = said.length ? `${leadFor(status)}: ${said.join('; ')}` : `${leadFor(status)} without saying why`;
  }
  return { message: clip(message, MAX_MESSAGE_CHARS), fields };
}
