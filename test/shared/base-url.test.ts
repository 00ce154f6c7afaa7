import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Agent, fetch } from 'undici';
import { REFUSED_PORTS, baseUrlProblem, isAllowedBaseUrl } from '@shared/profile/base-url';
import { profileSchema } from '@shared/profile/schema';

describe('base URL rules', () => {
  it.each([
    'https://feed.example.com',
    'https://feed.example.com:8443/api',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
    'http://localhost',
  ])('accepts %s', (url) => {
    expect(baseUrlProblem(url)).toBeUndefined();
    expect(isAllowedBaseUrl(url)).toBe(true);
  });

  it.each([
    ['http://feed.example.com', /must be https/],
    ['https://user:pw@feed.example.com', /user name, password/],
    ['https://feed.example.com/?a=1', /query/],
    ['not a url', /full URL/],
  ])('refuses %s', (url, message) => {
    expect(baseUrlProblem(url)).toMatch(message);
  });

  it.each(['http://127.0.0.1:1', 'https://feed.example.com:9', 'http://localhost:6000', 'https://h.example:10080'])(
    'refuses %s: a port the HTTP client will not connect to (the profile schema too)',
    (url) => {
      expect(baseUrlProblem(url)).toMatch(/Port \d+ is one the HTTP client refuses/);
      expect(profileSchema.safeParse({ name: 'P', baseUrl: url }).success).toBe(false);
    },
  );

  it("covers every port undici's fetch refuses", () => {
    const constants = createRequire(import.meta.url)(resolve('node_modules/undici/lib/web/fetch/constants.js')) as {
      badPorts: readonly string[];
    };
    expect(constants.badPorts.length).toBeGreaterThan(50);
    for (const port of constants.badPorts) expect(REFUSED_PORTS.has(Number(port)), `port ${port}`).toBe(true);
  });

  it('documents what undici throws for such a port: TypeError "fetch failed" caused by Error "bad port" (nothing sent)', async () => {
    const dispatcher = new Agent();
    try {
      const error = await fetch('http://127.0.0.1:9/', { dispatcher }).catch((e: unknown) => e as Error);
      expect((error as Error & { cause?: Error }).cause?.message).toBe('bad port');
    } finally {
      await dispatcher.close();
    }
  });
});
