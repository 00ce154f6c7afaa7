// Runs the sandbox in its own process for benchmarks, so the measured process holds only the
// client side. Prints the URL as its first line; stops when its standard input closes.
import { startSandbox } from '../electron/sandbox/server';

const sandbox = await startSandbox({ latencyMs: Number(process.argv[2] ?? 0) });
process.stdout.write(`${sandbox.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void sandbox.close().then(() => process.exit(0)));
