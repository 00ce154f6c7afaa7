import { useLayoutEffect, type ProfilerOnRenderCallback } from 'react';

/**
 * Profiler callback for the renderer benchmark: when the page defines
 * `window.__feedDeskRenderLog` (only the benchmark does) each commit of a profiled component is
 * recorded there. React calls it only in a profiling build, so the shipped app never does.
 */
export const logRender: ProfilerOnRenderCallback = (id, phase) => {
  const log = (window as unknown as { __feedDeskRenderLog?: Array<[string, string]> }).__feedDeskRenderLog;
  log?.push([id, phase]);
};

/**
 * For the same benchmark: records each commit of the calling component itself (a Profiler also
 * counts the commits of everything inside it, so around a whole form it counts a field's keystroke).
 */
export function useCommitLog(id: string): void {
  useLayoutEffect(() => logRender(id, 'update', 0, 0, 0, 0));
}
