import { describe, expect, it } from 'vitest';
import { nodeAtLeast, preflight } from '../../scripts/preflight.mjs';

describe('preflight', () => {
  it('compares Node versions by major and minor', () => {
    expect(nodeAtLeast('v22.12.0', [22, 12])).toBe(true);
    expect(nodeAtLeast('v24.1.0', [22, 12])).toBe(true);
    expect(nodeAtLeast('v22.11.9', [22, 12])).toBe(false);
    expect(nodeAtLeast('v20.20.2', [20, 19])).toBe(true);
    expect(nodeAtLeast('v18.20.0', [20, 19])).toBe(false);
  });

  it('stops npm test and npm start on a Node older than 20.19 (npm start says the rest on 20)', () => {
    expect(preflight('test', 'v18.20.0')).toMatchObject({ stop: true, line: expect.stringMatching(/Node 20\.19/) });
    expect(preflight('start', 'v18.20.0')).toMatchObject({ stop: true, line: expect.stringMatching(/Node 20\.19/) });
    expect(preflight('start', 'v20.20.2')).toBeUndefined();
  });
});
