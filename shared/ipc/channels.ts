/**
 * Every IPC channel name (`domain:verb`). Kept apart from the schemas so the sandboxed preload,
 * which may load nothing but Electron, needs no library to build its API.
 */
export const CHANNELS = [
  'profiles:list',
  'profiles:save',
  'profiles:remove',
  'profiles:use',
  'profiles:export',
  'profiles:import',
  'credentials:save',
  'credentials:delete',
  'connection:test',
  'cancellations:submit',
  'entries:submit',
  'entries:customer',
  'drafts:get',
  'drafts:save',
  'drafts:delete',
  'journal:list',
  'journal:attention',
  'journal:facets',
  'journal:get',
  'journal:resolve',
  'journal:review',
  'journal:export',
  'journal:report',
  'journal:savePdf',
  'journal:location',
  'journal:configure',
  'journal:testOffice',
  'journal:chooseCaFile',
  'outbox:status',
  'outbox:pause',
  'outbox:sendNow',
  'imports:choose',
  'imports:check',
  'imports:start',
  'imports:status',
  'imports:pause',
  'imports:cancel',
  'imports:retryFailed',
  'imports:exportRejected',
  'imports:exportResults',
  'imports:recent',
  'office:setup',
  'office:ownerSignIn',
  'office:ownerSignOut',
  'office:people',
  'office:addPerson',
  'office:setRole',
  'office:setSignIn',
  'office:importLocal',
  'office:audit',
  'privacy:find',
  'privacy:export',
  'privacy:erase',
  'privacy:retention',
  'privacy:setRetention',
  'privacy:purge',
  'app:about',
  'app:saveDiagnostics',
] as const;

/** The name of an IPC channel. */
export type Channel = (typeof CHANNELS)[number];

/** Every event main pushes to the page (`domain:event`); the page subscribes through the preload. */
export const EVENTS = ['journal:changed', 'journal:health'] as const;

/** The name of a pushed event. */
export type EventName = (typeof EVENTS)[number];
