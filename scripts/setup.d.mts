/** A machine requirement: what it is, whether it is present, and the Debian packages that bring it. */
export interface Requirement {
  what: string;
  present(): boolean;
  apt: string;
}
export type SetupAction =
  { kind: 'stop'; line: string } | { kind: 'apt'; packages: string[]; line: string } | { kind: 'npm-ci'; line: string };
export const BUILD: Requirement[];
export const SUITES: Requirement[];
export function packagesFresh(root: string): boolean;
export function setupPlan(state: {
  step: 'start' | 'test';
  missing: Requirement[];
  fresh: boolean;
  root: boolean;
  apt: boolean;
}): SetupAction[];
export function setUp(step: 'start' | 'test', root: string): string | undefined;
