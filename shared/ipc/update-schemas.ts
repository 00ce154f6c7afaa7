// The IPC schemas of updates (updates:*), apart from the channel map that uses them.
import { z } from 'zod';

/** Where updating stands (electron/main/updates/updates.ts), as Settings › About shows it. */
export const updateStateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('off'), why: z.string() }),
  z.strictObject({ kind: z.literal('idle'), checkedAt: z.string().optional() }),
  z.strictObject({ kind: z.literal('downloading'), version: z.string() }),
  z.strictObject({ kind: z.literal('ready'), version: z.string() }),
  z.strictObject({ kind: z.literal('waiting'), version: z.string(), why: z.string() }),
  z.strictObject({ kind: z.literal('refused'), why: z.string() }),
]);

const updatesView = z.strictObject({ feed: z.string().nullable(), state: updateStateSchema });

export const UPDATE_CONTRACT = {
  /** The update feed this desk follows and where updating stands. */
  'updates:status': { request: z.strictObject({}), response: updatesView },
  /** Sets (or, with '', clears) the update feed this desk follows; refused in words unless HTTPS. */
  'updates:setFeed': { request: z.strictObject({ feed: z.string().max(2000) }), response: updatesView },
  /** Looks for an update now. */
  'updates:check': { request: z.strictObject({}), response: updatesView },
  /** "Restart to update": installs the downloaded update once nothing is being sent (the state says when it waits). */
  'updates:restart': { request: z.strictObject({}), response: updatesView },
};
