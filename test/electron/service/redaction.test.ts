import { testDesktop } from '@test/support/desktop';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeHTML } from 'entities';
import { openCore, type Core } from '@main/core/core';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { writeJournalCsv } from '@main/journal/csv-export';
import { createRedactor } from '@main/service/redact';
import { tempHome } from '@test/support/core';
import { clientFor, sampleInput, sampleParts } from '@test/support/service';
import { startServer, type TestServer } from '@test/support/proxy';

// A secret with characters that change under URL and JSON encoding, and a token the echo hands out.
const SECRET = 'Echo-s3cret/+&="ß';
const TOKEN = 'tok-2f9a8c7e6d5b4a39';

let server: TestServer | undefined;
let core: Core | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  core = server = undefined;
});

/** A service that repeats back whatever it was sent: the form body, and the Authorization header. */
function echoService(tokenStatus: number) {
  return startServer((req, body, res) => {
    const isToken = req.url === '/v1/access_token';
    const status = isToken ? tokenStatus : 400;
    res.writeHead(status, { 'content-type': 'application/json' });
    if (isToken && status === 200) {
      res.end(JSON.stringify({ token_type: 'Bearer', access_token: TOKEN, expires_in: 600 }));
      return;
    }
    const message = `You sent: ${req.headers.authorization ?? ''} ${body.toString('utf8')} (${encodeURIComponent(SECRET)})`;
    const errors = { reference: `token was ${req.headers.authorization ?? ''}` };
    res.end(JSON.stringify(isToken ? { message } : { message, errors }));
  });
}

function openEchoCore(): Promise<Core> {
  return openCore({
    home: tempHome(),
    sandboxUrl: () => undefined,
    env: { FEED_DESK_PROFILE: 'Echo', FEED_DESK_CLIENT_ID: 'echo-client', FEED_DESK_CLIENT_SECRET: SECRET },
    retry: { baseMs: 10, capMs: 10, maxAttempts: 1 },
  });
}

const leaks = (text: string) => [SECRET, encodeURIComponent(SECRET), TOKEN].filter((s) => text.includes(s));

describe('text from the service is redacted before it is stored, shown or exported', () => {
  it('an echoing token endpoint: the error names no secret', async () => {
    server = await echoService(401);
    const { dispatcher, feed } = clientFor(server.url, { clientId: 'echo-client', clientSecret: SECRET });
    const err = await feed.createEntry(sampleParts()).catch((e: Error) => e);
    await dispatcher.close();
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('You sent');
    expect(leaks((err as Error).message)).toEqual([]);
  });

  it('an echoing feed endpoint: journal message, field errors and CSV export name no secret or token', async () => {
    server = await echoService(200);
    core = await openEchoCore();
    core.profiles.put({ name: 'Echo', baseUrl: server.url });
    const queued = await core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Echo' });
    if (!queued.ok) throw new Error('not queued');
    const row = await core.pipeline.send(queued.row.id);
    expect(row).toMatchObject({ state: 'rejected' });
    expect(row?.errorFields).toEqual({ reference: 'token was Bearer [redacted]' });
    expect(leaks(JSON.stringify(row))).toEqual([]);
    let csv = '';
    await writeJournalCsv(core.journal, {}, (text) => (csv += text));
    expect(leaks(csv)).toEqual([]);
  });

  it('Test connection through IPC answers without the echoed secret', async () => {
    server = await echoService(400);
    core = await openEchoCore();
    core.profiles.put({ name: 'Echo', baseUrl: server.url });
    const dispatch = createDispatch(createHandlers(core, testDesktop().desktop));
    const answer = await dispatch('connection:test', { profile: 'Echo' });
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).toContain('You sent');
    expect(leaks(JSON.stringify(answer))).toEqual([]);
  });

  it('removes remembered secrets in raw, URL- and JSON-escaped form, and any bearer token', () => {
    const redactor = createRedactor();
    redactor.remember(SECRET);
    const text = `a ${SECRET} b ${encodeURIComponent(SECRET)} c ${JSON.stringify(SECRET)} d Bearer abc.def-ghi`;
    const out = redactor.redact(text);
    expect(leaks(out)).toEqual([]);
    expect(out).not.toContain('abc.def-ghi');
    expect(out).toContain('Bearer [redacted]');
  });

  // How real services write a secret back (each echoed by the token endpoint with a 401).
  const written: Array<[string, string, (s: string) => string]> = [
    ['Go JSON (\\u0026)', 'Tr0ub4dor&3xyz', (x) => JSON.stringify(`unknown secret ${x}`).replace(/&/g, '\\u0026')],
    ['PHP JSON (\\/)', 'abc/def/ghi123', (x) => JSON.stringify(`unknown secret ${x}`).replace(/\//g, '\\/')],
    [
      'Python ensure_ascii',
      'pässwörd-1234',
      (x) => JSON.stringify(`unknown secret ${x}`).replace(/[ä-ö]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
    ],
    [
      'form-encoded',
      'correct horse battery',
      (x) => JSON.stringify(`secret ${new URLSearchParams({ s: x }).toString().slice(2)} refused`),
    ],
    ['base64', 'S3cretValue-99', (x) => JSON.stringify(`credentials ${Buffer.from(x).toString('base64')} refused`)],
    ['short', 'q7Z', (x) => JSON.stringify(`unknown secret ${x}`)],
    ['lower-case percent', 'p@ss/w0rd%', (x) => JSON.stringify(`secret ${encodeURIComponent(x).toLowerCase()}`)],
    ['plain text, cut at 500', 'Cut-Secret-0123456789', (x) => `${'x'.repeat(490)}${x} and more`],
  ];
  it.each(written)('a secret written back as %s reaches no answer, row or export', async (_label, secret, write) => {
    server = await startServer((req, _body, res) => {
      const json = !write(secret).startsWith('x');
      res.writeHead(401, { 'content-type': json ? 'application/json' : 'text/plain' });
      res.end(json ? `{"message":${write(secret)}}` : write(secret));
    });
    core = await openCore({
      home: tempHome(),
      sandboxUrl: () => undefined,
      env: { FEED_DESK_PROFILE: 'Echo', FEED_DESK_CLIENT_ID: 'echo-client', FEED_DESK_CLIENT_SECRET: secret },
    });
    core.profiles.put({ name: 'Echo', baseUrl: server.url });
    const answer = JSON.stringify(
      await createDispatch(createHandlers(core, testDesktop().desktop))('connection:test', { profile: 'Echo' }),
    );
    const queued = await core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Echo' });
    if (!queued.ok) throw new Error('not queued');
    const row = JSON.stringify(await core.pipeline.send(queued.row.id));
    let csv = '';
    await writeJournalCsv(core.journal, {}, (text) => (csv += text));
    for (const text of [answer, row, csv]) {
      expect(text).toContain('[redacted]');
      expect(JSON.stringify(text)).not.toContain(secret.slice(0, 12));
      expect(text).not.toContain(
        write(secret).replace(/^"|"$/g, '').split(' ').at(-1) === 'refused' ? '\u0000' : secret,
      );
    }
  });

  // A secret with every character HTML escapes, and the ways a service may echo it in a page or message.
  const QUOTED = `Quote"d'Sec<ret>&Amp-77`;
  const escape = (map: Record<string, string>) => (x: string) => x.replace(/["'<>&]/g, (c) => map[c] ?? c);
  const named = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
  const python = escape({ ...named, '"': '&quot;', "'": '&#x27;' });
  const escaped: Array<[string, (s: string) => string]> = [
    ['&#34; and &#39; (Go)', escape({ ...named, '"': '&#34;', "'": '&#39;' })],
    ['&quot; and &#x27; (Python)', python],
    ['&quot; and &apos; (XML)', escape({ ...named, '"': '&quot;', "'": '&apos;' })],
    ['&quot; only (an attribute)', escape({ '"': '&quot;' })],
    ['decimal entities', escape({ '"': '&#34;', "'": '&#39;', '<': '&#60;', '>': '&#62;', '&': '&#38;' })],
    ['upper-case hex entities', escape({ '"': '&#X22;', "'": '&#X27;', '<': '&#x3C;', '>': '&#x3e;', '&': '&#x26;' })],
    ['mixed', escape({ '"': '&#x22;', "'": '&apos;', '<': '&#60;', '>': '&GT;', '&': '&#38;' })],
    ['escaped twice', (x) => python(python(x))],
    ['every character numeric', (x) => [...x].map((c) => `&#${c.codePointAt(0)};`).join('')],
  ];
  /** The text decoded as a browser would show it (escaped up to three times). */
  const shown = (text: string) => decodeHTML(decodeHTML(decodeHTML(text)));

  it.each(escaped)('a secret with " \' < > & echoed HTML-escaped as %s is redacted', (_label, write) => {
    const redactor = createRedactor();
    redactor.remember(QUOTED);
    const out = redactor.redact(`<p>Unknown client secret “${write(QUOTED)}” for echo-client</p>`);
    expect(out).toContain('[redacted]');
    expect(out).toMatch(/^<p>Unknown client secret “\[redacted\]” for echo-client<\/p>$/);
    for (const part of ['Quote', 'Sec', 'Amp-77']) expect(shown(out)).not.toContain(part);
  });

  it('HTML-escaped text with nothing to remove is kept as it was written', () => {
    const redactor = createRedactor();
    redactor.remember(QUOTED);
    const text = '<p>Reference &quot;R&amp;D-1&quot; &lt;unknown&gt; &#39;x&#39;</p>';
    expect(redactor.redact(text)).toBe(text);
    expect(redactor.redact('{&quot;password&quot;: &quot;hunter2&quot;}')).toBe('{"password": "[redacted]"}');
  });

  it.each([
    ['an HTML page', 'text/html', (x: string) => `<html><body><p>Unknown secret ${x}</p></body></html>`],
    ['a JSON message', 'application/json', (x: string) => JSON.stringify({ message: `Unknown secret ${x}` })],
  ])('a secret echoed HTML-escaped (mixed) in %s reaches no answer, row or export', async (_label, type, body) => {
    const mixed = escaped.find(([label]) => label === 'mixed')![1];
    server = await startServer((_req, _body, res) => {
      res.writeHead(401, { 'content-type': type });
      res.end(body(mixed(QUOTED)));
    });
    core = await openCore({
      home: tempHome(),
      sandboxUrl: () => undefined,
      env: { FEED_DESK_PROFILE: 'Echo', FEED_DESK_CLIENT_ID: 'echo-client', FEED_DESK_CLIENT_SECRET: QUOTED },
    });
    core.profiles.put({ name: 'Echo', baseUrl: server.url });
    const answer = JSON.stringify(
      await createDispatch(createHandlers(core, testDesktop().desktop))('connection:test', { profile: 'Echo' }),
    );
    const queued = await core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Echo' });
    if (!queued.ok) throw new Error('not queued');
    const row = await core.pipeline.send(queued.row.id);
    expect(row?.message).toContain('Unknown secret [redacted]');
    let csv = '';
    await writeJournalCsv(core.journal, {}, (text) => (csv += text));
    for (const text of [answer, JSON.stringify(row), csv]) {
      expect(text).toContain('[redacted]');
      for (const part of ['Quote', 'Sec', 'Amp-77']) expect(shown(text)).not.toContain(part);
    }
  });
});
