import { z } from 'zod';
import { ENTRY_FIELDS } from '../entry/fields';
import { profileSchema } from '../profile/schema';
import { JOURNAL_STATES, SUBMISSION_KINDS } from '../journal/types';
import type { Channel, EventName } from './channels';

export { CHANNELS, EVENTS, type Channel, type EventName } from './channels';

const text = (max: number) => z.string().max(max);
const profileName = text(60).min(1);
const none = z.strictObject({});

/** A profile as the renderer sees it: settings plus whether credentials are stored, never the secret. */
export const profileViewSchema = z.strictObject({
  profile: profileSchema,
  hasSecret: z.boolean(),
  /** The stored client ID (not secret, shown so people can check it); null when none is stored for this origin. */
  clientId: z.string().nullable(),
  builtIn: z.boolean(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** A journal row as the renderer sees it. */
export const submissionViewSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(SUBMISSION_KINDS),
  profile: z.string(),
  operator: z.string(),
  payload: z.record(z.string(), z.string()),
  state: z.enum(JOURNAL_STATES),
  attempts: z.number().int(),
  httpStatus: z.number().int().nullable(),
  recordid: z.number().int().nullable(),
  message: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorFields: z.record(z.string(), z.string()).nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

const entryInput = z.partialRecord(z.enum(ENTRY_FIELDS), text(10_000));

/**
 * Every IPC channel (`domain:verb`) with its request and response schema. Main registration,
 * the preload API and the renderer client all derive from this one map.
 */
export const CONTRACT = {
  'profiles:list': {
    request: none,
    response: z.strictObject({
      active: z.string(),
      profiles: z.array(profileViewSchema),
      /** Whether the OS keychain can be used; when not, what is missing (Sandbox works regardless). */
      keychain: z.strictObject({ available: z.boolean(), message: z.string().nullable() }),
    }),
  },
  'profiles:save': {
    request: z.strictObject({ profile: z.unknown(), previousName: profileName.optional() }),
    response: profileViewSchema,
  },
  'profiles:remove': { request: z.strictObject({ name: profileName }), response: none },
  'profiles:use': { request: z.strictObject({ name: profileName }), response: none },
  'profiles:export': { request: none, response: z.strictObject({ json: z.string() }) },
  'profiles:import': {
    request: z.strictObject({ json: text(1_000_000) }),
    /** Each imported profile's name; `from` differs where the file's name was taken and it was imported under a new one. */
    response: z.strictObject({ imported: z.array(z.strictObject({ name: z.string(), from: z.string() })) }),
  },
  'credentials:save': {
    request: z.strictObject({ profile: profileName, clientId: text(500).min(1), clientSecret: text(4000).min(1) }),
    response: z.strictObject({ hasSecret: z.boolean() }),
  },
  'credentials:delete': {
    request: z.strictObject({ profile: profileName }),
    response: z.strictObject({ hasSecret: z.boolean() }),
  },
  'connection:test': {
    request: z.strictObject({ profile: profileName }),
    response: z.strictObject({ message: z.string() }),
  },
  'entries:submit': {
    request: z.strictObject({ profile: profileName, input: entryInput, confirmDuplicate: z.boolean().optional() }),
    response: submissionViewSchema,
  },
  'drafts:get': {
    request: z.strictObject({ screen: text(40) }),
    response: z.strictObject({
      payload: z.record(z.string(), z.string()).nullable(),
      updatedAt: z.string().nullable(),
    }),
  },
  'drafts:save': {
    request: z.strictObject({ screen: text(40), profile: profileName, payload: z.record(z.string(), text(10_000)) }),
    response: none,
  },
  'drafts:delete': { request: z.strictObject({ screen: text(40) }), response: none },
} as const satisfies Record<Channel, { request: z.ZodType; response: z.ZodType }>;

/** The request a channel takes (as sent). */
export type RequestOf<C extends Channel> = z.input<(typeof CONTRACT)[C]['request']>;
/** The data a channel answers with on success. */
export type ResponseOf<C extends Channel> = z.infer<(typeof CONTRACT)[C]['response']>;

/** The payload of each pushed event. */
export const EVENT_CONTRACT = {
  /** A journal row was queued or changed state (from any screen, the outbox, or a late answer). */
  'journal:changed': submissionViewSchema,
} as const satisfies Record<EventName, z.ZodType>;

/** The payload a pushed event carries. */
export type EventOf<E extends EventName> = z.infer<(typeof EVENT_CONTRACT)[E]>;
