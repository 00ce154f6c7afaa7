import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { SubmissionRow } from '@shared/journal/types';
import type { QueuedFault } from '../../../electron/sandbox/faults';
import type { Desk } from './harness';

/** The five required fields of an entry (plus any others), as a clerk keys them. */
export const entryInput = (reference: string, extra: Record<string, string> = {}) => ({
  account_code: 'ACME01',
  reference,
  // Its own policy number: the duplicate question asks about the policy.
  policy: `FP-${reference}`.slice(0, 30),
  surname: 'Jones',
  postcode: 'M1 1AE',
  ...extra,
});

/** Submits one entry through the real pipeline and sends it once, with a sandbox fault queued first if given. */
export async function sendEntry(
  desk: Desk,
  reference: string,
  extra: Record<string, string> = {},
  fault?: QueuedFault['fault'],
): Promise<SubmissionRow> {
  if (fault) desk.sandbox.faults.add({ target: 'entry', fault });
  const submitted = await desk.core.pipeline.submit({
    kind: 'entry',
    input: entryInput(reference, extra),
    profile: 'Sandbox',
  });
  if (!submitted.ok) throw new Error(`could not queue ${reference}: ${JSON.stringify(submitted)}`);
  const sent = await desk.core.pipeline.send(submitted.row.id);
  if (!sent) throw new Error(`could not send ${reference}`);
  return sent;
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
