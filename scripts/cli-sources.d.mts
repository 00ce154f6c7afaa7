/** Types for cli-sources.mjs, so the tests' global setup can import it. */
export const ROOT: string;
export const CLI_OUT: string;
export const STAMP: string;
export function sourceSignature(): string;
export function cliIsStale(): boolean;
