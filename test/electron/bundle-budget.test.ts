import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = 250 * 1024;
/**
 * The first chunk (what index.html loads): React, the shell and New entry, without zod (New entry
 * validates through the shared field checks); 127 KB while it carried zod and the shared schemas.
 */
const FIRST_CHUNK_BUDGET = 100 * 1024;

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

  it(`keeps the first chunk (React, the shell, New entry) within ${FIRST_CHUNK_BUDGET / 1024} KB gzipped`, () => {
    const html = readFileSync('out/renderer/index.html', 'utf8');
    const first = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(0);
    const total = first.reduce((sum, f) => sum + gzipSync(readFileSync(join('out/renderer', f))).length, 0);
    console.log(`first chunk: ${first.join(', ')}: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(FIRST_CHUNK_BUDGET);
  });
});
