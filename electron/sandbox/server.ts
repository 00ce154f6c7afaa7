import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue, echoText, type Fault, type FaultTarget } from './faults';
import { readMultipart } from './multipart';
import { send } from './reply';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, TokenBook, sameSecret } from './tokens';
import { validateCancellationParts, validateEntryParts, type CancellationWire, type WireErrors } from './validate';
import { handleControl } from './control';
import type { StoredRecord } from './stored-record';
import type { DateFormat } from '@shared/profile/schema';

export interface SandboxOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of issued tokens in seconds; undefined expires_in is sent when `omitExpiresIn`. */
  tokenLifetimeSec?: number;
  omitExpiresIn?: boolean;
  /** Latency added to every request, in milliseconds. */
  latencyMs?: number;
  firstRecordId?: number;
  /** The wire format the sandbox expects for dates (as a real service would fix one). */
  dateFormat?: DateFormat;
  /** Where cancellations are taken and under which names (a service an administrator configures a profile for). */
  cancellation?: { path?: string; wire?: CancellationWire };
  /** Time allowed to receive a request's headers (answered 408 after); default SERVER_LIMITS. */
  headersTimeoutMs?: number;
  /** Time allowed to receive a whole request, body included (answered 408 after). */
  requestTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once. */
  maxConnections?: number;
}

/** Default server limits: slow or piled-up clients cannot hold the sandbox's memory or sockets. */
export const SERVER_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 128 } as const;

/** A running sandbox: its URL, what it stored, and handles to steer it. */
export interface Sandbox {
  readonly url: string;
  readonly records: readonly StoredRecord[];
  readonly faults: FaultQueue;
  readonly tokens: TokenBook;
  readonly settings: Required<Pick<SandboxOptions, 'tokenLifetimeSec' | 'latencyMs' | 'omitExpiresIn' | 'dateFormat'>>;
  close(): Promise<void>;
}

const CANCELLATION_PATH = '/v1/feed/createcancellation';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Answers a status fault, with its Retry-After header when it has one. */
function sendStatusFault(res: ServerResponse, fault: Extract<Fault, { kind: 'status' }>, body: unknown): void {
  send(res, fault.status, body, fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) });
}

/** The HTTP server with the sandbox's header and request timeouts and its connection limit. */
function createHttpServer(options: SandboxOptions, handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requestTimeout = options.requestTimeoutMs ?? SERVER_LIMITS.requestTimeoutMs;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? SERVER_LIMITS.headersTimeoutMs, requestTimeout);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts on this interval (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    handler,
  );
  server.maxConnections = options.maxConnections ?? SERVER_LIMITS.maxConnections;
  return server;
}

/** Starts the sandbox service on 127.0.0.1 (random port unless given). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const faults = new FaultQueue();
  const tokens = new TokenBook();
  const records: StoredRecord[] = [];
  const settings = {
    tokenLifetimeSec: options.tokenLifetimeSec ?? 3600,
    latencyMs: options.latencyMs ?? 0,
    omitExpiresIn: options.omitExpiresIn ?? false,
    dateFormat: options.dateFormat ?? ('YYYY-MM-DD' as DateFormat),
  };
  const clientId = options.clientId ?? SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? SANDBOX_CLIENT_SECRET;
  let nextId = options.firstRecordId ?? 100001;

  async function delay(fault: Fault | undefined): Promise<void> {
    const ms = settings.latencyMs + (fault?.kind === 'latency' ? fault.ms : 0);
    if (ms > 0) await sleep(ms);
  }

  async function token(req: IncomingMessage, res: ServerResponse, fault?: Fault): Promise<void> {
    const form = await readMultipart(req);
    await delay(fault);
    if (fault?.kind === 'echo') return send(res, fault.status, { message: echoText(req.headers.authorization, form) });
    if (fault?.kind === 'status') return sendStatusFault(res, fault, { error: 'injected', message: 'Injected fault' });
    if (fault?.kind === 'drop') return void req.socket.destroy();
    if (fault?.kind === 'hang') return;
    if (!form.ok) return send(res, form.status, { error: 'invalid_request', message: form.message });
    const get = (n: string) => form.parts.find(([k]) => k === n)?.[1];
    const grant = get('grant_type');
    if (!grant || !get('client_id') || !get('client_secret')) {
      return send(res, 400, {
        error: 'invalid_request',
        message: 'grant_type, client_id and client_secret are required',
      });
    }
    if (grant !== 'client_credentials') {
      return send(res, 400, { error: 'unsupported_grant_type', message: 'Only client_credentials is supported' });
    }
    if (!sameSecret(get('client_id'), clientId) || !sameSecret(get('client_secret'), clientSecret)) {
      return send(res, 401, { error: 'invalid_client', message: 'Not authorised' });
    }
    const access = tokens.issue(settings.tokenLifetimeSec);
    if (fault?.kind === 'garbage') return send(res, 200, '<html>Token iss');
    const expires = settings.omitExpiresIn ? {} : { expires_in: settings.tokenLifetimeSec };
    send(res, 200, { token_type: 'Bearer', ...expires, access_token: access });
  }

  async function feed(kind: StoredRecord['kind'], req: IncomingMessage, res: ServerResponse, fault?: Fault) {
    // The token is checked before a byte of the body is read: an unauthorised body is never parsed.
    if (!tokens.valid(req.headers.authorization)) {
      await delay(fault);
      return send(res, 401, { error: 'invalid_token', message: 'Missing, unknown or expired access token' });
    }
    const form = await readMultipart(req);
    await delay(fault);
    if (fault?.kind === 'echo') return send(res, fault.status, { message: echoText(req.headers.authorization, form) });
    if (!form.ok) return send(res, form.status, { status: 0, message: form.message });
    const known = (id: number) => records.some((r) => r.recordid === id && r.kind === 'entry');
    const { errors } =
      kind === 'entry'
        ? validateEntryParts(form.parts, settings.dateFormat)
        : validateCancellationParts(form.parts, known, settings.dateFormat, options.cancellation?.wire);
    if (Object.keys(errors).length > 0) return send(res, 400, invalid(errors));
    if (fault?.kind === 'drop' && fault.when === 'before-store') return void req.socket.destroy();
    if (fault?.kind === 'hang' && !fault.store) return;
    if (fault?.kind === 'status' && !fault.store) {
      return sendStatusFault(res, fault, { status: 0, message: 'Injected fault' });
    }
    const recordid = nextId++;
    records.push({ recordid, kind, parts: form.parts, receivedAt: new Date().toISOString() });
    if (fault?.kind === 'drop') return void req.socket.destroy();
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'status') {
      return sendStatusFault(res, fault, { status: 0, message: 'Injected fault after storing' });
    }
    if (fault?.kind === 'garbage') return send(res, 201, '<html>Record cre');
    send(res, 201, {
      status: 1,
      message: kind === 'entry' ? 'Record created' : 'Cancellation request created',
      recordid,
    });
  }

  function invalid(errors: WireErrors) {
    return { status: 0, message: `Invalid request: ${Object.keys(errors).join(', ')}`, errors };
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path?.startsWith('/_sandbox/')) return handleControl(req, res, { faults, records, settings, tokens });
    const target: FaultTarget | undefined =
      path === '/v1/access_token'
        ? 'token'
        : path === '/v1/feed/createentry'
          ? 'entry'
          : path === (options.cancellation?.path ?? CANCELLATION_PATH)
            ? 'cancellation'
            : undefined;
    if (!target) return send(res, 404, { status: 0, message: 'Not found' });
    if (req.method !== 'POST') return send(res, 405, { status: 0, message: 'Method not allowed' });
    const fault = faults.take(target);
    return target === 'token' ? token(req, res, fault) : feed(target, req, res, fault);
  }

  const server: Server = createHttpServer(options, (req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { status: 0, message: `Sandbox error: ${(err as Error).message}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    records,
    faults,
    tokens,
    settings,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
