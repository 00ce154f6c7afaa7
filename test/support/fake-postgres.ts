import { createServer, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type { ServerCertificate } from './test-certificates';

/** What a client did on one connection to the fake server. */
export interface FakeConnection {
  /** It sent PostgreSQL's SSLRequest. */
  askedTls: boolean;
  /** Its startup message arrived over TLS. */
  tls: boolean;
  user?: string;
  /** The password it sent when asked for it in clear text (what a man in the middle asks for). */
  password?: string;
}

/** A PostgreSQL server impersonator on 127.0.0.1 that collects passwords. */
export interface FakePostgres {
  port: number;
  connections: FakeConnection[];
  /** Every password received so far. */
  passwords(): string[];
  /** The certificate shown from the next connection on; undefined answers "no TLS here" ('N'). */
  present(certificate: ServerCertificate | undefined): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80_877_103;

/** AuthenticationCleartextPassword: the server asks for the password itself. */
const ASK_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

/** An ErrorResponse with a SQLSTATE code. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * Starts the impersonator: it answers an SSLRequest with 'S' and the certificate it presents (or
 * 'N'), reads the startup message, asks for the password in clear text, records it and refuses
 * the sign-in (28P01). Enough of the protocol for a client to show whether it sends a password.
 */
export async function startFakePostgres(certificate?: ServerCertificate): Promise<FakePostgres> {
  let presented = certificate;
  const connections: FakeConnection[] = [];
  const sockets = new Set<Socket>();

  function serve(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const seen: FakeConnection = { askedTls: false, tls: false };
    connections.push(seen);
    let stream: Socket = socket;
    let buffer = Buffer.alloc(0);
    let started = false;

    function upgrade(shown: ServerCertificate): void {
      stream.removeListener('data', onData);
      stream.write('S');
      const secure = new TLSSocket(socket, { isServer: true, key: shown.key, cert: shown.cert });
      secure.on('error', () => undefined);
      secure.on('data', onData);
      stream = secure;
    }

    function onData(chunk: Buffer): void {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8 || buffer.length < buffer.readInt32BE(0)) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          const body = buffer.subarray(8, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) {
            seen.askedTls = true;
            if (!presented) stream.write('N');
            else return upgrade(presented);
            continue;
          }
          const params = body.toString('utf8').split('\0');
          const user = params.indexOf('user');
          if (user >= 0) seen.user = params[user + 1];
          seen.tls = stream instanceof TLSSocket;
          started = true;
          stream.write(ASK_PASSWORD);
          continue;
        }
        if (buffer.length < 5) return;
        const end = 1 + buffer.readInt32BE(1);
        if (buffer.length < end) return;
        const type = String.fromCharCode(buffer[0] ?? 0);
        const body = buffer.subarray(5, end);
        buffer = buffer.subarray(end);
        if (type === 'p') {
          seen.password = body.toString('utf8').replace(/\0$/, '');
          stream.end(errorResponse('28P01', `password authentication failed for user "${seen.user ?? ''}"`));
        }
        if (type === 'p' || type === 'X') return;
      }
    }
    socket.on('data', onData);
  }

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the fake PostgreSQL server has no port');
  return {
    port: address.port,
    connections,
    passwords: () => connections.flatMap((c) => (c.password === undefined ? [] : [c.password])),
    present(next) {
      presented = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
