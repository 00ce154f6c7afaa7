import { describe, expect, it } from 'vitest';
import { missingLine, nodeAtLeast, preflight } from '../../scripts/preflight.mjs';

describe('preflight', () => {
  it('names every missing requirement in one line with one apt-get command, packages once each', () => {
    const line = missingLine(
      [
        { what: 'Chromium', present: () => false, apt: 'chromium' },
        { what: 'PostgreSQL', present: () => true, apt: 'postgresql' },
        { what: 'dbus-run-session', present: () => false, apt: 'dbus dbus-x11' },
        { what: 'gnome-keyring', present: () => false, apt: 'gnome-keyring dbus' },
      ],
      'npm test',
    );
    expect(line).toBe(
      'npm test needs Chromium, dbus-run-session, gnome-keyring: sudo apt-get install -y chromium dbus dbus-x11 gnome-keyring',
    );
    expect(missingLine([{ what: 'x', present: () => true, apt: 'x' }], 'npm test')).toBeUndefined();
  });

  it('compares Node versions by major and minor', () => {
    expect(nodeAtLeast('v22.12.0', [22, 12])).toBe(true);
    expect(nodeAtLeast('v24.1.0', [22, 12])).toBe(true);
    expect(nodeAtLeast('v22.11.9', [22, 12])).toBe(false);
    expect(nodeAtLeast('v20.20.2', [20, 19])).toBe(true);
    expect(nodeAtLeast('v18.20.0', [20, 19])).toBe(false);
  });

  it('stops npm test on a Node older than 20.19 and npm start on one older than 22.12', () => {
    expect(preflight('test', 'v18.20.0')).toMatchObject({ stop: true, line: expect.stringMatching(/Node 20\.19/) });
    expect(preflight('start', 'v20.20.2')).toMatchObject({ stop: true, line: expect.stringMatching(/Node 22\.12/) });
  });
});
