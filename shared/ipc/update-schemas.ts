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

const updatesView = z.strictObject({
  feed: z.string().nullable(),
  /** The feed is the office's (set in the office journal for every desk), not this desk's own. */
  office: z.boolean(),
  /** Whether this person may change it (on the office journal: supervisors and the owner). */
  mayChange: z.boolean(),
  state: updateStateSchema,
});

export const UPDATE_CONTRACT = {
  /** The update feed this desk follows and where updating stands. */
  'updates:status': { request: z.strictObject({}), response: updatesView },
  /**
   * Sets (or, with '', clears) the update feed: on the office journal the office's, for every desk
   * (supervisors and the owner), else this desk's own; refused in words unless HTTPS.
   */
  'updates:setFeed': { request: z.strictObject({ feed: z.string().max(2000) }), response: updatesView },
  /** Looks for an update now. */
  'updates:check': { request: z.strictObject({}), response: updatesView },
  /** "Restart to update": installs the downloaded update once nothing is being sent (the state says when it waits). */
  'updates:restart': { request: z.strictObject({}), response: updatesView },
};
