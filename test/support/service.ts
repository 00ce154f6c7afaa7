import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/server';
import { createDispatcher } from '@main/service/http';
import { createRedactor } from '@main/service/redact';
import { createFeedClient, type FeedClient } from '@main/service/feed-client';
import { createTokenProvider, type ClientCredentials, type TokenProvider } from '@main/service/token-provider';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../electron/sandbox/tokens';
import { parseEntry, type Entry } from '@shared/entry/schema';
import { encodeEntry, type WirePart } from '@shared/entry/wire';
import { profileSchema } from '@shared/profile/schema';

/** A profile with every default, for tests. */
export const testProfile = profileSchema.parse({ name: 'Test', baseUrl: 'http://127.0.0.1:2' });

/**
 * A complete valid entry input, as a keyer would type it. Each reference has its own policy number
 * (`FP-` and the reference) unless one is given: the journal's duplicate question asks about the
 * policy, so entries that differ only by reference would repeat each other.
 */
export function sampleInput(overrides: Record<string, string | number> = {}): Record<string, string | number> {
  const reference = String(overrides.reference ?? 'REF-1');
  return {
    account_code: 'ACME01',
    reference,
    surname: 'Smith',
    postcode: 'LS1 4AP',
    policy: reference === 'REF-1' ? 'FURN-PLUS' : `FP-${reference}`.slice(0, 30),
    total_value: '1299.50',
    policy_premium: '89.99',
    purchase_date: '2026-11-02',
    ...overrides,
  };
}

/** A validated entry built from sampleInput. */
export function sampleEntry(overrides: Record<string, string | number> = {}): Entry {
  const parsed = parseEntry(sampleInput(overrides), testProfile);
  if (!parsed.ok) throw new Error(`sample entry invalid: ${JSON.stringify(parsed.fields)}`);
  return parsed.entry;
}

/** Wire parts of a sample entry. */
export function sampleParts(overrides: Record<string, string | number> = {}): WirePart[] {
  return encodeEntry(sampleEntry(overrides), testProfile);
}

/** A sandbox plus a real token provider and feed client pointed at it. */
export interface Rig {
  sandbox: Sandbox;
  tokens: TokenProvider;
  feed: FeedClient;
  close(): Promise<void>;
}

/** A real token provider and feed client for a base URL, with their connection pool. */
export function clientFor(baseUrl: string, credentials: ClientCredentials, timeoutMs = 5_000) {
  const post = { dispatcher: createDispatcher(), timeoutMs, redactor: createRedactor() };
  const tokens = createTokenProvider({ ...post, baseUrl, credentials: async () => credentials });
  const feed = createFeedClient({ ...post, baseUrl, tokens });
  return { dispatcher: post.dispatcher, tokens, feed };
}

/** Starts a sandbox on loopback and a client for it. */
export async function startRig(options: SandboxOptions & { timeoutMs?: number; secret?: string } = {}): Promise<Rig> {
  const sandbox = await startSandbox(options);
  const { dispatcher, tokens, feed } = clientFor(
    sandbox.url,
    { clientId: SANDBOX_CLIENT_ID, clientSecret: options.secret ?? SANDBOX_CLIENT_SECRET },
    options.timeoutMs,
  );
  return {
    sandbox,
    tokens,
    feed,
    close: async () => {
      await sandbox.close();
      await dispatcher.close();
    },
  };
}
