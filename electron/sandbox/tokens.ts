import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Demo credentials of the built-in sandbox. Not secret: they only open the local sandbox. */
export const SANDBOX_CLIENT_ID = 'feed-desk-demo';
export const SANDBOX_CLIENT_SECRET = 'sandbox-demo-secret';

/** Issued bearer tokens and their expiry times. */
export class TokenBook {
  private readonly tokens = new Map<string, number>();
  issued = 0;

  issue(lifetimeSec: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, Date.now() + lifetimeSec * 1000);
    this.issued += 1;
    return token;
  }

  /** True for a token we issued that has not expired. */
  valid(header: string | undefined): boolean {
    const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header ?? '');
    const expires = match?.[1] ? this.tokens.get(match[1]) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  revokeAll(): void {
    this.tokens.clear();
  }
}

/** Constant-time comparison of a presented credential with the expected one. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
