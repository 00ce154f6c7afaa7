/** Types for build-cli.mjs, so the tests' global setup can import it. */
import type { BuildOptions } from 'esbuild';

export function cliBuildOptions(outdir: string): BuildOptions;
export function buildCli(): Promise<string>;
