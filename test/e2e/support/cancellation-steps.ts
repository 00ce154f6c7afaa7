// Steps the Cancellation specs share: the screen's result and fields, the journal's cancellations,
// a cancellation filed through the pipeline, a row's detail opened in the Journal.
import type { Locator, Page } from '@playwright/test';
import { expect, type Desk } from './harness';

/** The result region of the Cancellation screen (the finder has a status line of its own). */
export const result = (page: Page) => page.getByRole('status', { name: 'Result' });
export const field = (page: Page, name: string) => page.locator(`#cancel-${name}`);

/** The cancellations the journal holds, oldest first. */
export async function cancellations(desk: Desk) {
  const { rows } = await desk.core.journal.list({ kind: 'cancellation', sort: 'id', direction: 'asc' });
  return rows;
}

/** Files a cancellation through the real pipeline (as the CLI or another desk would) and sends it. */
export async function fileCancellation(desk: Desk, recordid: number) {
  const input = { recordid: String(recordid), cancellation_date: '2026-03-01', reason: 'Filed elsewhere' };
  const queued = await desk.core.pipeline.submit({ kind: 'cancellation', input, profile: 'Sandbox' });
  if (!queued.ok) throw new Error(`could not queue: ${JSON.stringify(queued)}`);
  return desk.core.pipeline.send(queued.row.id);
}

/** Opens a row's detail in the Journal and waits for it. */
export async function openDetail(desk: Desk, id: number): Promise<Locator> {
  await desk.open(`#/journal?id=${id}`);
  const panel = desk.page.getByRole('region', { name: `Journal #${id}` });
  await expect(panel.getByRole('heading', { name: `Journal #${id}` })).toBeFocused();
  // The heading is there before the row: its actions (and their keys) only once it has loaded.
  await expect(panel.getByText('Loading…')).toHaveCount(0);
  return panel;
}
