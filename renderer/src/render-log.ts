import type { ProfilerOnRenderCallback } from 'react';

/**
 * Profiler callback for the renderer benchmark: when the page defines
 * `window.__feedDeskRenderLog` (only the benchmark does) each commit of a profiled component is
 * recorded there. React calls it only in a profiling build, so the shipped app never does.
 */
export const logRender: ProfilerOnRenderCallback = (id, phase) => {
  const log = (window as unknown as { __feedDeskRenderLog?: Array<[string, string]> }).__feedDeskRenderLog;
  log?.push([id, phase]);
};
