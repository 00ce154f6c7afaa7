/// <reference lib="dom" />
// Renderer benchmark in headless Chromium: time until New entry is interactive (first field
// focused and painted) against a minimal React form and a plain page with one autofocused input,
// and React render counts while typing.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startDeskBackend } from '../test/support/desk-backend';
import { CHROMIUM_LAUNCH } from '../test/support/chromium';
import { loadAtStart, verdictNote } from './quiet';

const OUT = resolve('.tmp/renderer-profile');
console.log(`renderer benchmark in headless Chromium; ${loadAtStart()}`);
const RUNS = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

// The renderer as it ships (the load is timed on it), and a second build whose React reports Profiler
// commits (react-dom's profiling entry, larger and slower: only the typing counts are taken on it).
await build({
  root: 'renderer',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { '@shared': resolve('shared') } },
  build: { outDir: OUT, emptyOutDir: true, minify: 'esbuild' },
});
await build({
  root: 'renderer',
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { 'react-dom/client': 'react-dom/profiling', '@shared': resolve('shared') } },
  build: { outDir: `${OUT}/profiling`, emptyOutDir: true, minify: 'esbuild' },
});
writeFileSync(`${OUT}/baseline.html`, '<!doctype html><title>b</title><input id="field-account_code" autofocus>');
// The cheapest page the stack allows: React 19 and react-hook-form, the same 26 labelled fields, the first focused.
await build({
  root: 'bench/minimal-form',
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { '@shared': resolve('shared') } },
  build: { outDir: `${OUT}/minimal`, emptyOutDir: true, minify: 'esbuild' },
});

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const backend = await startDeskBackend(page, OUT);

// In each page, from its start: once the first field has the focus and the frame showing it has been
// painted (a task queued from the next animation frame runs after that frame's paint), the time is
// written to the console. Nothing of Playwright's runs in the page while it loads, so a page whose
// script is still waiting for main's answers is timed as fairly as one that is not.
await page.addInitScript(() => {
  let timed = false;
  document.addEventListener(
    'focusin',
    (event) => {
      if (timed || (event.target as Element).id !== 'field-account_code') return;
      timed = true;
      requestAnimationFrame(() => setTimeout(() => console.debug(`feed-desk-interactive ${performance.now()}`)));
    },
    { capture: true },
  );
});

/** Milliseconds from navigation start (the page's time origin) until the first field has focus, painted. */
async function timeToFocus(path: string): Promise<number> {
  await page.goto('about:blank');
  const focused = page.waitForEvent('console', (m) => m.text().startsWith('feed-desk-interactive '));
  await page.goto(`${backend.url}/${path}`, { waitUntil: 'commit' });
  return Number((await focused).text().split(' ')[1]);
}

const app: number[] = [];
const plain: number[] = [];
const minimal: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  plain.push(await timeToFocus('baseline.html'));
  // The minimal form reads nothing from main, so the preload asks nothing for it either.
  minimal.push(await timeToFocus('minimal/index.html?no-startup-reads'));
  app.push(await timeToFocus('index.html#/new-entry'));
}
console.log(
  `New entry interactive: median ${median(app).toFixed(0)} ms over ${RUNS} loads; minimal React form ` +
    `${median(minimal).toFixed(0)} ms, plain page ${median(plain).toFixed(0)} ms; ratio to the plain page ` +
    `${(median(app) / median(plain)).toFixed(2)}, ratio to the minimal React form ${(median(app) / median(minimal)).toFixed(2)} ` +
    `(target <= 1.25; ${verdictNote()})`,
);

if (process.env.BENCH_CPU_PROFILE) {
  // BENCH_CPU_PROFILE=FILE: one more New entry load under the page's CPU profiler (a .cpuprofile).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await timeToFocus('index.html#/new-entry');
  writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
}

async function rendersWhileTyping(field: string): Promise<Record<string, number>> {
  // The field is focused first: leaving the field before it may show that field's own error (a
  // commit of that field and the form), which is not what typing costs.
  await page.locator(`#field-${field}`).focus();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  await page.evaluate(() => ((window as unknown as { __feedDeskRenderLog: unknown[] }).__feedDeskRenderLog = []));
  await page.keyboard.type('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx');
  const log = await page.evaluate(
    () => (window as unknown as { __feedDeskRenderLog: Array<[string, string]> }).__feedDeskRenderLog,
  );
  const counts: Record<string, number> = {};
  for (const [id] of log) counts[id] = (counts[id] ?? 0) + 1;
  return counts;
}

await page.goto(`${backend.url}/profiling/index.html#/new-entry`);
await page.waitForFunction(() => document.activeElement?.id === 'field-account_code');
const typing = await rendersWhileTyping('surname');
console.log(
  'React commits per component while typing 50 characters into a clean field (surname):',
  JSON.stringify(typing),
);
const otherFields = Object.entries(typing)
  .filter(([id]) => id.startsWith('field:') && id !== 'field:surname')
  .reduce((sum, [, n]) => sum + n, 0);
console.log(
  `typing 50 characters: form commits ${typing.form ?? 0}, other fields ${otherFields} (targets: form <= 1, other fields 0)`,
);
await page.locator('#field-surname').fill('');
await page.keyboard.press('Control+Enter');
await page.getByText('need attention').waitFor();
console.log(
  'React commits per component while typing 50 characters into a field showing an error (reference), re-validated per keystroke:',
  JSON.stringify(await rendersWhileTyping('reference')),
);

await backend.close();
await browser.close();
