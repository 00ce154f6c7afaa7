/** Types for native-modules.mjs, so the tests under test/scripts can import it. */
export interface AbiMismatch {
  builtFor: number;
  runtimeNeeds: number;
}
export interface ProbeFailure {
  name: string;
  mismatch: AbiMismatch | null;
  needsBuild: boolean;
  reason: string;
}
export function abiMismatch(errorText: string): AbiMismatch | null;
export function addonMissing(errorText: string): boolean;
export function errorLine(errorText: string): string;
export function probeNativeModules(
  command: string,
  options?: { cwd?: string; env?: Record<string, string> },
): ProbeFailure[];
export function describeStale(failures: ProbeFailure[]): string;
export function ensureNodeBuilds(cwd: string): boolean;
