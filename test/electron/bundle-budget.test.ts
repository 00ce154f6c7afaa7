import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = 250 * 1024;
/** What index.html loads before any screen is asked for: the route, the screens' loaders, the Journal's first request. */
const FIRST_CHUNK_BUDGET = 4 * 1024;

describe('renderer bundle budget', () => {
  it(`ships at most ${BUDGET / 1024} KB of gzipped JavaScript`, () => {
    const dir = 'out/renderer/assets';
    expect(existsSync(dir), 'build the renderer first (npm run build; npm test does)').toBe(true);
    const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);
    console.log(`renderer JavaScript: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it(`loads at most ${FIRST_CHUNK_BUDGET / 1024} KB of gzipped JavaScript before asking for the first screen`, () => {
    const html = readFileSync('out/renderer/index.html', 'utf8');
    const first = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(0);
    const total = first.reduce((sum, f) => sum + gzipSync(readFileSync(join('out/renderer', f))).length, 0);
    console.log(`first chunk: ${first.join(', ')}: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(FIRST_CHUNK_BUDGET);
  });
});
