import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/** Writes a file through a temporary name, so a cancelled or failed export never leaves half a file. */
export async function writeAtomically<T>(
  path: string,
  fill: (write: (data: string | Uint8Array) => void) => Promise<T>,
): Promise<T> {
  const part = `${path}.part`;
  rmSync(part, { force: true }); // a leftover (or a planted link) is removed, never followed
  const fd = openSync(part, 'wx');
  let open = true;
  try {
    const result = await fill((data) => (typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data)));
    closeSync(fd);
    open = false;
    renameSync(part, path);
    return result;
  } catch (err) {
    if (open) closeSync(fd);
    rmSync(part, { force: true });
    throw err;
  }
}
