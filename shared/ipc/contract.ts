import { z } from 'zod';
import { profileSchema } from '../profile/schema';
import { journalFilterSchema } from '../journal/types';
import { journalSettingsSchema, officeJournalSchema } from '../journal/office';
import type { Channel, EventName } from './channels';
import {
  batchRef,
  batchStatusSchema,
  batchViewSchema,
  entryInput,
  fileRow,
  importCheckSchema,
  importRequest,
  rowDuplicateSchema,
} from './import-schemas';
import {
  dateRange,
  exportFilter,
  journalDetailSchema,
  journalId,
  journalListRowSchema,
  journalReportSchema,
  personal,
  submissionViewSchema,
} from './journal-schemas';
import { OFFICE_CONTRACT } from './office-schemas';
import { UPDATE_CONTRACT } from './update-schemas';
import { PRIVACY_CONTRACT } from './privacy-schemas';

export { CHANNELS, EVENTS, type Channel, type EventName } from './channels';
export type { BatchStatusView, BatchView, ImportCheckView } from './import-schemas';
export type { PersonRow, RetentionView } from './privacy-schemas';
export type { JournalDetail, JournalListRow, JournalReport, SubmissionView } from './journal-schemas';

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
  /** A cancellation request through the same pipeline and journal (kind cancellation, linked by recordid). */
  'cancellations:submit': {
    request: z.strictObject({
      profile: profileName,
      input: z.record(z.string().max(40), text(10_000)),
      confirmDuplicate: z.boolean().optional(),
    }),
    response: submissionViewSchema,
  },
  'entries:submit': {
    request: z.strictObject({
      profile: profileName,
      input: entryInput,
      confirmDuplicate: z.boolean().optional(),
      /** The rejected or failed journal row this entry corrects (superseded once this one is accepted). */
      corrects: journalId.optional(),
    }),
    response: submissionViewSchema,
  },
  /**
   * A returning customer: the latest entry of this profile for this surname and postcode that still
   * holds their personal details, with those details (null: none), for New entry to offer.
   */
  'entries:customer': {
    request: z.strictObject({ profile: profileName, surname: text(100).min(1), postcode: text(20).min(1) }),
    response: z.strictObject({
      customer: z.strictObject({ id: z.number().int(), details: z.record(z.string(), z.string()) }).nullable(),
    }),
  },
  'drafts:get': {
    request: z.strictObject({ screen: text(40) }),
    response: z.strictObject({
      payload: z.record(z.string(), z.string()).nullable(),
      /** The journal row the draft corrects once submitted ("corrects #N"), if any. */
      corrects: journalId.nullable(),
      updatedAt: z.string().nullable(),
    }),
  },
  'drafts:save': {
    request: z.strictObject({
      screen: text(40),
      profile: profileName,
      payload: z.record(z.string(), text(10_000)),
      /** The rejected or failed row the draft corrects, kept with it so the link survives a restart. */
      corrects: journalId.optional(),
    }),
    response: none,
  },
  'drafts:delete': { request: z.strictObject({ screen: text(40) }), response: none },
  /**
   * One window of the filtered, sorted journal, and how many rows match in all: exactly, or past
   * ten thousand matches in the office journal, an estimate (`about`).
   */
  'journal:list': {
    request: journalFilterSchema,
    response: z.strictObject({ rows: z.array(journalListRowSchema), total: z.number().int(), about: z.boolean() }),
  },
  /** How many rows need a person: the navigation badge. */
  'journal:attention': {
    request: none,
    response: z.strictObject({ unknown: z.number().int(), failed: z.number().int(), rejected: z.number().int() }),
  },
  /** The operators and profiles the journal holds, for the filter choices. */
  'journal:facets': {
    request: none,
    response: z.strictObject({ operators: z.array(z.string()), profiles: z.array(z.string()) }),
  },
  'journal:get': { request: z.strictObject({ id: z.number().int().min(1) }), response: journalDetailSchema },
  /** A person's decision on a row: send again, record the recordid the service gave, or give it up. */
  'journal:resolve': {
    request: z.discriminatedUnion('action', [
      z.strictObject({
        id: z.number().int().min(1),
        action: z.literal('resend'),
        note: text(1000).optional(),
        /** The person confirmed sending it although it may repeat the row the `duplicate` answer named. */
        allowDuplicate: z.boolean().optional(),
      }),
      z.strictObject({
        id: z.number().int().min(1),
        action: z.literal('accept'),
        recordid: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        note: text(1000).optional(),
      }),
      z.strictObject({ id: z.number().int().min(1), action: z.literal('discard'), note: text(1000).optional() }),
    ]),
    response: submissionViewSchema,
  },
  /** Marks rows reviewed by this operator, now, with an optional note. */
  'journal:review': {
    request: z.strictObject({ ids: z.array(z.number().int().min(1)).min(1).max(10_000), note: text(1000).optional() }),
    response: z.strictObject({ reviewed: z.number().int() }),
  },
  /**
   * The filtered rows as CSV, to a file the person picks in a native save dialog (null: cancelled);
   * `personal` false leaves the personal columns out.
   */
  'journal:export': {
    request: exportFilter,
    response: z.strictObject({ path: z.string().nullable(), rows: z.number().int() }),
  },
  'journal:report': { request: dateRange, response: journalReportSchema },
  /**
   * Saves the page now shown (the summary) as PDF, to a file the person picks (null: cancelled), with
   * the personal-data notice as its footer when the range lists surnames and `personal` is not false
   * (the page then hides them).
   */
  'journal:savePdf': { request: dateRange.extend(personal), response: z.strictObject({ path: z.string().nullable() }) },
  /**
   * Where this desk's journal is, who is signed in and with which role (clerk screens hide
   * supervisor actions; the office database refuses them anyway), and the saved choice.
   */
  'journal:location': {
    request: none,
    response: z.strictObject({
      kind: z.enum(['local', 'office']),
      label: z.string(),
      user: z.string(),
      role: z.enum(['local', 'clerk', 'supervisor', 'owner']),
      /** This computer's journal: encrypted at rest under its keychain key (false: plain, no keychain). Null for an office journal. */
      encrypted: z.boolean().nullable(),
      saved: journalSettingsSchema,
      hasPassword: z.boolean(),
      /** True when the saved choice differs from the journal in use (it applies after a restart). */
      restartNeeded: z.boolean(),
      /** Why screens do not update live, when they do not (an office journal through a pooler); else null. */
      note: z.string().nullable(),
    }),
  },
  /** Saves where this desk's journal lives (the password goes to the OS keychain); applies after a restart. */
  'journal:configure': {
    request: z.strictObject({ settings: journalSettingsSchema, password: text(1000).optional() }),
    response: z.strictObject({ restartNeeded: z.boolean() }),
  },
  /**
   * Signs in to an office database with these settings (the password given, else the one stored for
   * exactly this server and TLS; with neither it asks for one) and reports the role.
   */
  'journal:testOffice': {
    request: z.strictObject({ office: officeJournalSchema, password: text(1000).optional() }),
    response: z.strictObject({ message: z.string(), user: z.string(), role: z.string() }),
  },
  /** Asks for the office CA certificate through the native open dialog; its path, or null when cancelled. */
  'journal:chooseCaFile': { request: none, response: z.strictObject({ path: z.string().nullable() }) },
  /** Which profiles' sending is paused. */
  'outbox:status': { request: none, response: z.strictObject({ paused: z.array(z.string()) }) },
  'outbox:pause': {
    request: z.strictObject({ profile: profileName, paused: z.boolean() }),
    response: z.strictObject({ paused: z.array(z.string()) }),
  },
  /** Makes a profile's failed rows due now (those waiting for a retry) and sends. */
  'outbox:sendNow': {
    request: z.strictObject({ profile: profileName }),
    response: z.strictObject({ due: z.number().int() }),
  },
  /** Asks for a CSV or .xlsx file through the native open dialog; main keeps its path, the page gets a handle. */
  'imports:choose': {
    request: none,
    response: z.strictObject({ file: z.string().nullable(), name: z.string().nullable() }),
  },
  /** Reads and validates the chosen file as it would be queued; nothing is written. */
  'imports:check': { request: importRequest, response: importCheckSchema },
  /** Queues the valid rows as one batch (an earlier batch of the same content continues) and remembers the columns. */
  'imports:start': {
    request: importRequest.extend({ sendDuplicates: z.array(fileRow).max(100_000).optional() }),
    response: z.strictObject({
      batch: batchViewSchema,
      queued: z.number().int(),
      already: z.number().int(),
      skipped: z.array(rowDuplicateSchema),
      invalid: z.number().int(),
    }),
  },
  'imports:status': { request: batchRef, response: batchStatusSchema },
  /** Pauses or resumes a batch's sending (every sender of the journal honours it). */
  'imports:pause': { request: batchRef.extend({ paused: z.boolean() }), response: batchStatusSchema },
  /** Stops a batch: its unsent rows are discarded, or kept queued with the batch paused. */
  'imports:cancel': {
    request: batchRef.extend({ discard: z.boolean() }),
    response: z.strictObject({ discarded: z.number().int(), status: batchStatusSchema }),
  },
  /** Queues the batch's failed rows again, due now. */
  'imports:retryFailed': {
    request: batchRef,
    response: z.strictObject({ retried: z.number().int(), status: batchStatusSchema }),
  },
  /** The file's invalid rows with an error column, saved where the person picks (null: cancelled). */
  'imports:exportRejected': {
    request: importRequest,
    response: z.strictObject({ path: z.string().nullable(), rows: z.number().int() }),
  },
  /** A batch's results (file row → state, recordid, message), saved where the person picks. */
  'imports:exportResults': {
    request: batchRef.extend(personal),
    response: z.strictObject({ path: z.string().nullable(), rows: z.number().int() }),
  },
  /** The latest batches (for the Journal's batch filter). */
  'imports:recent': { request: none, response: z.strictObject({ batches: z.array(batchViewSchema) }) },
  ...OFFICE_CONTRACT,
  ...PRIVACY_CONTRACT,
  /**
   * The command line this version carries (the npm tarball in the app's resources) and the
   * command that installs it with this computer's Node; null when this build carries none.
   */
  'app:about': {
    request: none,
    response: z.strictObject({ cliPackage: z.string().nullable(), install: z.string().nullable() }),
  },
  /** Where this desk keeps its data (profiles, settings, the journal on this computer): for backups. */
  'app:dataFolder': { request: none, response: z.strictObject({ path: z.string() }) },
  /** Shows the data folder in the computer's file manager. */
  'app:openDataFolder': { request: none, response: none },
  /** Help › Save diagnostics…: asks where, writes what support needs (no customer data, no secret); null path when cancelled. */
  'app:saveDiagnostics': {
    request: none,
    response: z.strictObject({ path: z.string().nullable(), errors: z.number().int() }),
  },
  ...UPDATE_CONTRACT,
} as const satisfies Record<Channel, { request: z.ZodType; response: z.ZodType }>;

/** The request a channel takes (as sent). */
export type RequestOf<C extends Channel> = z.input<(typeof CONTRACT)[C]['request']>;
/** The data a channel answers with on success. */
export type ResponseOf<C extends Channel> = z.infer<(typeof CONTRACT)[C]['response']>;

/** The payload of each pushed event. */
export const EVENT_CONTRACT = {
  /** A journal row was queued or changed state (from any screen, the outbox, or a late answer). */
  'journal:changed': submissionViewSchema,
  /** The office journal stopped answering (a restart, a failover) or answers again; nothing is claimed meanwhile. */
  'journal:health': z.strictObject({ reachable: z.boolean() }),
} as const satisfies Record<EventName, z.ZodType>;

/** The payload a pushed event carries. */
export type EventOf<E extends EventName> = z.infer<(typeof EVENT_CONTRACT)[E]>;
