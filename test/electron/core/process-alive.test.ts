import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processAlive } from '@main/core/process-alive';

describe('processAlive', () => {
  it('is true for a running process and false once it has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const pid = child.pid!;
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(pid)).toBe(true);
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGKILL');
    await closed; // reaped: the id no longer names a process
    expect(processAlive(pid)).toBe(false);
  });
});
