import { testDesktop } from '../../support/desktop';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../electron/main/core/core';
import { createDispatch } from '../../../electron/main/ipc/dispatch';
import { createHandlers } from '../../../electron/main/ipc/handlers';
import { writeJournalCsv } from '../../../electron/main/journal/csv-export';
import { createRedactor } from '../../../electron/main/service/redact';
import { tempHome } from '../../support/core';
import { clientFor, sampleInput, sampleParts } from '../../support/service';
import { startServer, type TestServer } from '../../support/proxy';

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
});
