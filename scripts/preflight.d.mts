export function nodeAtLeast(version: string, least: [number, number]): boolean;
export function preflight(step: 'start' | 'test', version?: string): { stop: boolean; line: string } | undefined;
