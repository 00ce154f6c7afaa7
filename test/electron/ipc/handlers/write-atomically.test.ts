import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomically } from '@main/ipc/handlers/write-atomically';

const folder = () => mkdtempSync(join(tmpdir(), 'feed-desk-atomic-'));

describe('writeAtomically', () => {
  it('writes through path.part and renames it into place, answering what fill answered', async () => {
    const path = join(folder(), 'export.csv');
    const result = await writeAtomically(path, async (write) => {
      write('a,b\r\n');
      expect(existsSync(path)).toBe(false); // nothing at the real name until the file is whole
      write('1,2\r\n');
      return 2;
    });
    expect(result).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('leaves an earlier file untouched and no .part behind when fill fails', async () => {
    const path = join(folder(), 'export.csv');
    writeFileSync(path, 'the earlier export');
    await expect(
      writeAtomically(path, async (write) => {
        write('half a fi');
        throw new Error('cancelled');
      }),
    ).rejects.toThrow('cancelled');
    expect(readFileSync(path, 'utf8')).toBe('the earlier export');
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('removes a planted .part link instead of writing through it', async () => {
    const dir = folder();
    const elsewhere = join(dir, 'elsewhere.txt');
    writeFileSync(elsewhere, 'not yours');
    const path = join(dir, 'export.csv');
    symlinkSync(elsewhere, `${path}.part`);
    await writeAtomically(path, async (write) => write('rows'));
    expect(readFileSync(elsewhere, 'utf8')).toBe('not yours');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('rows');
  });
});
