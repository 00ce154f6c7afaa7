import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams, type StdioOptions } from 'node:child_process';

/** Result of one `feed-desk` run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Time limit for a test that runs the CLI several times (each run is a whole Node process). */
export const CLI_TIMEOUT = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the real CLI (bin/feed-desk.mjs) with these arguments in a child process, the given
 * variables added to this process's environment; its standard streams are pipes unless `stdio` says otherwise.
 */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams;
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions): ChildProcess;
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['bin/feed-desk.mjs', ...args], { env: { ...process.env, ...env }, stdio });
}

/**
 * Runs the real CLI (bin/feed-desk.mjs) in a child process with the given data folder. Standard
 * input is the given text, or the given chunks written one by one with a pause between them
 * (so the CLI reads them as separate chunks).
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string | Buffer[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.on('error', () => undefined); // the CLI may stop reading early (input too large)
    if (!Array.isArray(input)) child.stdin.end(input ?? '');
    else
      void (async () => {
        for (const chunk of input) {
          child.stdin.write(chunk);
          await sleep(150);
        }
        child.stdin.end();
      })();
  });
}
