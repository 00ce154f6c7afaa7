// The baseline of the sending benchmarks: raw multipart POSTs to the sandbox with the same client
// library and one reused token, and the sandbox in its own process (so the measured process holds
// only the client side).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createDispatcher, postMultipart } from '../electron/main/service/http';
import { createTokenProvider } from '../electron/main/service/token-provider';
import { createRedactor } from '../electron/main/service/redact';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../electron/sandbox/tokens';
import { sampleParts } from '../test/support/service';

/** Starts bench/sandbox-child.ts answering after `latencyMs`; close() stops it. */
export async function startSandboxChild(latencyMs: number) {
  const child = spawn(process.execPath, ['bin/run-ts.mjs', 'bench/sandbox-child.ts', String(latencyMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const url = String((await lines.next()).value);
  return { url, close: async () => void child.stdin!.end() };
}

/**
 * Entries per second of `entries` raw POSTs, `concurrency` at a time. Every request's parts are
 * built before the timing starts: this measures the wire and the service, not our schema code.
 */
export async function raw(url: string, concurrency: number, entries: number): Promise<number> {
  const parts = Array.from({ length: entries }, (_, i) => sampleParts({ reference: `RAW-${i}` }));
  const dispatcher = createDispatcher();
  const tokens = createTokenProvider({
    baseUrl: url,
    dispatcher,
    timeoutMs: 10_000,
    redactor: createRedactor(),
    credentials: async () => ({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET }),
  });
  const token = await tokens.get();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < entries) {
        const i = next++;
        const res = await postMultipart({ dispatcher, timeoutMs: 10_000 }, `${url}/v1/feed/createentry`, parts[i]!, {
          authorization: `Bearer ${token}`,
        });
        if (res.status !== 201) throw new Error(`raw POST answered ${res.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  return entries / seconds;
}
