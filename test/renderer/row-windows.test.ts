import { beforeAll, expect, it } from 'vitest';
import { API_KEY } from '@shared/ipc/api';
import type { JournalListRow } from '@shared/ipc/contract';

/**
 * The Journal's windows over a list main counts only roughly (a year's office journal): the total
 * is said to be an estimate until a short window shows where the list really ends.
 */
const REAL = 1_234; // rows that really match
let estimate = 2_000; // what main's planner says past its limit
const list = async ({ offset = 0, limit = 100 }: { offset?: number; limit?: number }) => {
  const rows = Array.from({ length: Math.max(0, Math.min(limit, REAL - offset)) }, (_, i) => ({
    id: offset + i + 1,
  })) as unknown as JournalListRow[];
  return { ok: true as const, data: { rows, total: estimate, about: true } };
};
let RowWindows: typeof import('../../renderer/src/screens/journal/row-windows').RowWindows;

beforeAll(async () => {
  (globalThis as Record<string, unknown>).window = { [API_KEY]: { journal: { list } } };
  ({ RowWindows } = await import('../../renderer/src/screens/journal/row-windows'));
});

const answered = (windows: InstanceType<typeof RowWindows>) =>
  new Promise<void>((resolve) => {
    const stop = windows.subscribe(() => (stop(), resolve()));
  });

it('shows the estimate as "about" until the end of the list is reached, then the exact count', async () => {
  const windows = new RowWindows({ sort: 'id', direction: 'asc' });
  let next = answered(windows);
  windows.need(0, 30);
  await next;
  expect(windows).toMatchObject({ total: 2_000, about: true });
  next = answered(windows);
  windows.need(1_950, 1_999); // scrolled to the estimate's end: past the real rows
  await next;
  expect(windows.row(1_900)).toBeUndefined();
  // A window past the end came back empty: the list ends before it, but where is not known yet.
  expect(windows).toMatchObject({ total: 1_900, about: true });
  next = answered(windows);
  windows.need(1_200, 1_260);
  await next;
  expect(windows).toMatchObject({ total: REAL, about: false });
  expect(windows.row(REAL - 1)?.id).toBe(REAL);
});

it('grows an estimate that is short of the rows seen', async () => {
  estimate = 500;
  const windows = new RowWindows({ sort: 'id', direction: 'desc' });
  const next = answered(windows);
  windows.need(400, 600);
  await next;
  expect(windows.about).toBe(true);
  expect(windows.total).toBe(700); // every row seen so far is counted
});

/** The journal feed's subscription, as first-window.ts takes it: `announce()` tells of a change. */
let announce = () => undefined as void;
const onChanges = (listener: () => void) => ((announce = listener), () => (announce = () => undefined));

/** Opens the page at `hash` and lets it take the first window asked for at the start; returns what main was asked. */
async function startAt(hash: string): Promise<unknown[]> {
  const asked: unknown[] = [];
  const journal = (window as unknown as Record<string, { journal: { list: typeof list } }>)[API_KEY]!.journal;
  journal.list = async (request) => (asked.push(request), list(request));
  (window as unknown as { location: { hash: string } }).location = { hash };
  const { askFirstWindow } = await import('../../renderer/src/screens/journal/first-window');
  await askFirstWindow(onChanges);
  return asked;
}

it('starts the unfiltered list from the first window asked for as the page started, once', async () => {
  const asked = await startAt('#/journal?id=7');
  expect(asked).toEqual([{ sort: 'created_at', direction: 'desc', offset: 0, limit: 100 }]);
  const windows = new RowWindows({ sort: 'created_at', direction: 'desc' });
  // Shown at once, without asking main again.
  expect(windows.row(0)?.id).toBe(1);
  expect(windows.total).toBe(estimate);
  windows.need(0, 30);
  expect(asked).toHaveLength(1);
  // Given once: the next list asks for itself.
  const again = new RowWindows({ sort: 'created_at', direction: 'desc' });
  expect(again.row(0)).toBeUndefined();
  expect(again.total).toBeNull();
});

it('asks nothing at the start for a filtered Journal', async () => {
  expect(await startAt('#/journal?states=unknown')).toEqual([]);
});

it('drops the first window when the journal changed before the list took it', async () => {
  const asked = await startAt('#/journal');
  announce();
  const windows = new RowWindows({ sort: 'created_at', direction: 'desc' });
  expect(windows.total).toBeNull();
  expect(asked).toHaveLength(1);
});
