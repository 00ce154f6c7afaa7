/// <reference lib="dom" />
// Journal screen benchmark in headless Chromium: the built renderer with the real main handlers
// over a seeded journal of 1,000 rows (the baseline) and of 100,000 rows, same run. Median of 5:
// first render (navigation start to the first rows painted), a free-text filter change (the
// keystroke to the filtered rows painted, the screen's 200 ms typing pause included) and a scroll
// to row 500 / 50,000 (to that row painted with its data). Each run also loads a plain page (one
// input) from the same server, navigation start to painted, and the first render is given as a
// ratio to it, and a minimal React page (bench/minimal-table: React 19 and TanStack Virtual rendering
// the same first window of rows from the same journal:list answer, nothing else), built here, to which
// the first render is also given as a ratio. Needs a renderer build (npm run build). The last line is
// the figure the issue asks for: `100,000 rows: first render N ms (xR a minimal React table), filter N
// ms, scroll N ms`.
import { chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { build } from 'vite';
import { loadAtStart, verdictNote } from './quiet';
import Database from 'better-sqlite3-multiple-ciphers';
import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDeskBackend, type DeskBackend } from '../test/support/desk-backend';
import { CHROMIUM_LAUNCH } from '../test/support/chromium';

const RENDERER = 'out/renderer';
if (!existsSync(`${RENDERER}/index.html`)) throw new Error('Build the renderer first: npm run build');
const RUNS = 5;
const ROW_HEIGHT = 32; // as journal-grid.tsx

const SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright'];
const MORE_SURNAMES = ['Okafor', 'Nowak', 'Kowalski', 'Murphy', 'Campbell', 'Hughes', 'Edwards', 'Khan', 'Lewis'];
const ALL_SURNAMES = [...SURNAMES, ...MORE_SURNAMES, 'Ahmed', 'Robinson', 'Clarke', 'Walker', 'Hall', 'Green'];
const POLICIES = ['FURN-PLUS', 'FURN-BASIC', 'ELEC-3Y', 'ELEC-5Y', 'BED-CARE', 'SOFA-GUARD'];
const POSTCODES = ['LS1 4AP', 'M1 1AE', 'BD1 1AA', 'SW1A 1AA', 'EH1 2NG', 'CF10 1EP', 'B1 1BB', 'NE1 4ST'];
const OPERATORS = ['asmith', 'bjones', 'cpatel', 'dwright', 'ekhan', 'fmurphy', 'gclarke', 'hlewis'];
/** Out of 100: mostly accepted, a few of each other ending, as a real desk's journal looks. */
const STATE_MIX: Array<[string, number]> = [
  ['accepted', 84],
  ['rejected', 5],
  ['failed', 3],
  ['unknown', 2],
  ['queued', 2],
  ['discarded', 4],
];
const STATES = STATE_MIX.flatMap(([state, n]) => Array<string>(n).fill(state));

/** Fills the backend's journal file with `rows` varied rows: one transaction of plain INSERTs. */
function seed(backend: DeskBackend, rows: number): void {
  // The journal file the core opened in its data folder (electron/main/core/core.ts).
  const db = new Database(join(backend.core.home, 'journal.sqlite3'));
  const insert = db.prepare(
    `INSERT INTO submissions (kind, profile, operator, payload, payload_hash, reference, policy, surname, postcode,
       state, attempts, http_status, recordid, message, error_code, next_attempt_at, created_at, updated_at,
       finished_at, reviewed_by, reviewed_at)
     VALUES (@kind, @profile, @operator, @payload, @hash, @reference, @policy, @surname, @postcode, @state, @attempts,
       @http, @recordid, @message, @code, @next, @at, @at, @finished, @reviewedBy, @reviewedAt)`,
  );
  const start = Date.now() - 200 * 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const state = STATES[(i * 37) % STATES.length]!;
      const at = new Date(start + Math.floor((i / rows) * 200 * 86_400_000)).toISOString();
      const payload = {
        account_code: `ACME${String(i % 40).padStart(2, '0')}`,
        reference: `KEY-${100_000 + i}`,
        policy: POLICIES[i % POLICIES.length]!,
        surname: ALL_SURNAMES[(i * 7) % ALL_SURNAMES.length]!,
        postcode: POSTCODES[i % POSTCODES.length]!,
      };
      const old = i < rows * 0.7;
      insert.run({
        kind: i % 25 === 0 ? 'cancellation' : 'entry',
        profile: i % 5 === 0 ? 'Live' : 'Sandbox',
        operator: OPERATORS[(i * 3) % OPERATORS.length],
        payload: JSON.stringify(payload),
        hash: `bench-${i}`,
        ...payload,
        state,
        attempts: state === 'queued' ? 0 : state === 'failed' ? 3 : 1,
        http: state === 'accepted' ? 201 : state === 'rejected' ? 400 : state === 'unknown' ? 502 : null,
        recordid: state === 'accepted' ? 100_000 + i : null,
        message: state === 'accepted' ? 'Record created' : state === 'queued' ? null : 'The service said no',
        code: state === 'failed' ? 'network' : state === 'rejected' ? 'rejected' : null,
        next: null,
        at,
        finished: state === 'queued' || state === 'failed' ? null : at,
        reviewedBy: old && i % 3 === 0 ? 'supervisor' : null,
        reviewedAt: old && i % 3 === 0 ? at : null,
      });
    }
  })();
  db.close();
}

/** The plain page bench:renderer measures against: one autofocused input. */
const PLAIN_PAGE = '<!doctype html><title>b</title><input id="field-account_code" autofocus>';

/** The minimal React table, built once into its own folder (served beside the renderer). */
const MINIMAL = mkdtempSync(join(tmpdir(), 'feed-desk-bench-minimal-table-'));
await build({
  root: 'bench/minimal-table',
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { '@shared': resolve('shared') } },
  build: { outDir: MINIMAL, emptyOutDir: true, minify: 'esbuild' },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * In the page: resolves with performance.now() once `ready()` holds and the frame showing it has
 * been painted (a task queued from the next animation frame runs after that frame's paint).
 */
const PAINTED = `(ready) => new Promise((resolve) => {
  const check = () => (ready() ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))) : requestAnimationFrame(check));
  check();
})`;

/**
 * Watched in each page from its start (an init script, so nothing of Playwright's runs in the page
 * while it loads): as soon as a row with its data (or the plain page's input) is in the document (a
 * mutation observer sees it in the same task), the time the frame showing it has been painted (a
 * task queued from the next animation frame runs after that frame's paint) is written to the console.
 */
const WATCH_FIRST_PAINT = `(() => {
  const seen = () => document.querySelector('.grid-body .grid-row:not(.loading), #field-account_code');
  const painted = () => requestAnimationFrame(() => setTimeout(() => console.debug('bench-painted ' + performance.now())));
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    painted();
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Navigation start to the first rows (or the plain page's input) painted, on the page's own clock. */
async function firstRender(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  const painted = page.waitForEvent('console', (m) => m.text().startsWith('bench-painted '));
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await painted).text().split(' ')[1]);
}

/** The plain page (as bench:renderer's): navigation start to its one input painted. */
const plainPage = firstRender;

async function filterChange(page: Page, url: string, surname: string): Promise<number> {
  await firstRender(page, url);
  const script = `(() => {
    const input = document.getElementById('journal-search');
    const before = document.getElementById('journal-count').textContent;
    const started = performance.now();
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(surname)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return (${PAINTED})(() => {
      const count = document.getElementById('journal-count').textContent;
      const first = document.querySelector('#journal-row-0:not(.loading) .col-surname');
      return count !== before && first !== null && first.textContent === ${JSON.stringify(surname)};
    }).then((at) => at - started);
  })()`;
  return page.evaluate(script) as Promise<number>;
}

async function scrollTo(page: Page, url: string, row: number): Promise<number> {
  await firstRender(page, url);
  const script = `(() => {
    const grid = document.querySelector('[role=grid]');
    const started = performance.now();
    grid.scrollTop = ${row * ROW_HEIGHT};
    return (${PAINTED})(() => {
      const el = document.getElementById('journal-row-${row}');
      return el !== null && !el.classList.contains('loading');
    }).then((at) => at - started);
  })()`;
  return page.evaluate(script) as Promise<number>;
}

async function measure(rows: number, scrollRow: number) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // The built renderer and the plain page, served from one folder (out/renderer is left as built).
  const folder = mkdtempSync(join(tmpdir(), 'feed-desk-bench-'));
  cpSync(RENDERER, folder, { recursive: true });
  writeFileSync(join(folder, 'plain.html'), PLAIN_PAGE);
  cpSync(MINIMAL, join(folder, 'minimal'), { recursive: true });
  const backend = await startDeskBackend(page, folder);
  await page.addInitScript({ content: WATCH_FIRST_PAINT });
  seed(backend, rows);
  const url = `${backend.url}/index.html#/journal`;
  const times = {
    first: [] as number[],
    filter: [] as number[],
    scroll: [] as number[],
    plain: [] as number[],
    minimal: [] as number[],
  };
  await plainPage(page, `${backend.url}/plain.html`);
  await firstRender(page, url); // warm-up: caches, JIT, SQLite pages
  for (let i = 0; i < RUNS; i += 1) {
    times.plain.push(await plainPage(page, `${backend.url}/plain.html`));
    // Under the same hash as the Journal, so the preload asks it the same first window at the start.
    times.minimal.push(await firstRender(page, `${backend.url}/minimal/index.html#/journal`));
    times.first.push(await firstRender(page, url));
    times.filter.push(await filterChange(page, url, MORE_SURNAMES[i % MORE_SURNAMES.length]!));
    times.scroll.push(await scrollTo(page, url, scrollRow));
  }
  const profileTo = process.env.BENCH_CPU_PROFILE;
  if (profileTo && rows >= 100_000) {
    // BENCH_CPU_PROFILE=FILE: one more first render under the page's CPU profiler (a .cpuprofile).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await firstRender(page, url);
    writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  }
  await backend.close();
  await browser.close();
  return {
    first: median(times.first),
    filter: median(times.filter),
    scroll: median(times.scroll),
    plain: median(times.plain),
    minimal: median(times.minimal),
  };
}

const line = (m: { first: number; filter: number; scroll: number; plain: number; minimal: number }) =>
  `first render ${m.first.toFixed(0)} ms (x${(m.first / m.minimal).toFixed(2)} a minimal React table, ` +
  `x${(m.first / m.plain).toFixed(2)} a plain page), filter ${m.filter.toFixed(0)} ms, scroll ${m.scroll.toFixed(0)} ms`;

console.log(`journal screen benchmark; ${loadAtStart()}`);
const small = await measure(1_000, 500);
const large = await measure(100_000, 50_000);
const ratio = (k: 'first' | 'filter' | 'scroll') => `x${(large[k] / small[k]).toFixed(2)}`;
console.log(
  `Journal screen, median of ${RUNS} (filter includes the 200 ms typing pause); 100,000 rows against 1,000: ` +
    `first render ${ratio('first')}, filter ${ratio('filter')}, scroll ${ratio('scroll')}`,
);
console.log(`1,000 rows: ${line(small)}; plain page ${small.plain.toFixed(0)} ms`);
console.log(`plain page (100,000-row run): ${large.plain.toFixed(0)} ms`);
console.log(
  `minimal React table: ${small.minimal.toFixed(0)} ms (1,000 rows), ${large.minimal.toFixed(0)} ms (100,000 rows)`,
);
console.log('targets: 100,000 rows first render within x1.1 of 1,000 rows and within x1.25 of the minimal React table');
console.log(`100,000 rows: ${line(large)} (${verdictNote()})`);
