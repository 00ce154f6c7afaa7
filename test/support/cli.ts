import { spawn } from 'node:child_process';

/** Result of one `feed-desk` run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (bin/feed-desk.mjs) in a child process with the given data folder. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/feed-desk.mjs', ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += String(c)));
    child.stderr.on('data', (c) => (stderr += String(c)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
