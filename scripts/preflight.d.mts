/** A machine requirement: what it is, whether it is present, and the Debian packages that bring it. */
export interface Requirement {
  what: string;
  present(): boolean;
  apt: string;
}
export function nodeAtLeast(version: string, least: [number, number]): boolean;
export function missingLine(checks: Requirement[], purpose: string): string | undefined;
export function preflight(step: 'start' | 'test', version?: string): { stop: boolean; line: string } | undefined;
