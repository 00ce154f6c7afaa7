import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { tempHome } from '@test/support/core';

const cli = useCliRig({ prefix: 'feed-desk-cli-diagnostics-' });

describe('feed-desk diagnostics', { timeout: CLI_TIMEOUT }, () => {
  it('writes what support needs, with the refused entry’s code and none of its customer', async () => {
    const folder = tempHome();
    const entry = join(folder, 'entry.json');
    const example = JSON.parse(readFileSync('examples/entry.json', 'utf8')) as Record<string, string>;
    const customer = { surname: 'Brackenthwaite', email: 'b.thwaite@moor.example', postcode: 'YO62 9ZZ' };
    writeFileSync(entry, JSON.stringify({ ...example, ...customer, reference: 'DIAG-CLI' }));
    cli.sandbox.faults.add({ target: 'entry', fault: { kind: 'echo' } });
    expect((await cli.run(['submit', entry])).code).toBe(1);

    const out = join(folder, 'diagnostics.json');
    const run = await cli.run(['diagnostics', '--out', out, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ path: out, errors: 1 });
    const text = readFileSync(out, 'utf8');
    const diagnostics = JSON.parse(text) as { app: { version: string }; errors: Array<{ code: string }> };
    expect(diagnostics.app.version).toBe(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version,
    );
    expect(diagnostics.errors.map((e) => e.code)).toEqual(['rejected']);
    for (const value of Object.values(customer)) expect(text, `${value} leaked`).not.toContain(value);
  });

  it('needs a file to write to', async () => {
    const run = await cli.run(['diagnostics']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out');
  });
});
