import announce from './functions/announce.sql?raw';
import blankPersonal from './functions/blank_personal.sql?raw';
import claim from './functions/claim.sql?raw';
import claimDue from './functions/claim_due.sql?raw';
import claimNext from './functions/claim_next.sql?raw';
import deskActor from './functions/desk_actor.sql?raw';
import erasePerson from './functions/erase_person.sql?raw';
import expireLeases from './functions/expire_leases.sql?raw';
import findPerson from './functions/find_person.sql?raw';
import isSupervisor from './functions/is_supervisor.sql?raw';
import isTextObject from './functions/is_text_object.sql?raw';
import leaseMs from './functions/lease_ms.sql?raw';
import leaveOut from './functions/leave_out.sql?raw';
import linkCorrection from './functions/link_correction.sql?raw';
import lockTwinKeys from './functions/lock_twin_keys.sql?raw';
import logReview from './functions/log_review.sql?raw';
import markedAcceptedMessage from './functions/marked_accepted_message.sql?raw';
import nextClaim from './functions/next_claim.sql?raw';
import nextRevision from './functions/next_revision.sql?raw';
import noteHistory from './functions/note_history.sql?raw';
import openBatch from './functions/open_batch.sql?raw';
import ownBatch from './functions/own_batch.sql?raw';
import personKey from './functions/person_key.sql?raw';
import personRows from './functions/person_rows.sql?raw';
import personalExtra from './functions/personal_extra.sql?raw';
import personalFields from './functions/personal_fields.sql?raw';
import personalValues from './functions/personal_values.sql?raw';
import purgePersonal from './functions/purge_personal.sql?raw';
import queue from './functions/queue.sql?raw';
import queueBatch from './functions/queue_batch.sql?raw';
import recordOutcome from './functions/record_outcome.sql?raw';
import recordOutcomes from './functions/record_outcomes.sql?raw';
import releaseUnsent from './functions/release_unsent.sql?raw';
import removePersonal from './functions/remove_personal.sql?raw';
import renameProfile from './functions/rename_profile.sql?raw';
import renewLeases from './functions/renew_leases.sql?raw';
import requireSender from './functions/require_sender.sql?raw';
import requireSupervisor from './functions/require_supervisor.sql?raw';
import resend from './functions/resend.sql?raw';
import resolve from './functions/resolve.sql?raw';
import retryClear from './functions/retry_clear.sql?raw';
import retryWaiting from './functions/retry_waiting.sql?raw';
import scrub from './functions/scrub.sql?raw';
import scrubFields from './functions/scrub_fields.sql?raw';
import sendNow from './functions/send_now.sql?raw';
import sendTwin from './functions/send_twin.sql?raw';
import setBatchPaused from './functions/set_batch_paused.sql?raw';
import setPaused from './functions/set_paused.sql?raw';
import setRetention from './functions/set_retention.sql?raw';
import setUpdateFeed from './functions/set_update_feed.sql?raw';
import settleBatch from './functions/settle_batch.sql?raw';
import stampReview from './functions/stamp_review.sql?raw';
import stripLeftOut from './functions/strip_left_out.sql?raw';
import stripPersonal from './functions/strip_personal.sql?raw';
import supersede from './functions/supersede.sql?raw';
import take from './functions/take.sql?raw';
import takeGuarded from './functions/take_guarded.sql?raw';
import unclaim from './functions/unclaim.sql?raw';
import guardWaits from './every-init/guard-waits.sql?raw';
import trigramIndex from './every-init/trigram-index.sql?raw';

/**
 * The current definition of every function of the office journal, one file each
 * (./functions/<name>.sql: the only place a function is written; the frozen migrations hold the
 * definitions they shipped, which these replace). CREATE OR REPLACE, so applying them is idempotent.
 */
export const FUNCTIONS: Readonly<Record<string, string>> = {
  announce,
  blank_personal: blankPersonal,
  claim,
  claim_due: claimDue,
  claim_next: claimNext,
  desk_actor: deskActor,
  erase_person: erasePerson,
  expire_leases: expireLeases,
  find_person: findPerson,
  is_supervisor: isSupervisor,
  is_text_object: isTextObject,
  lease_ms: leaseMs,
  leave_out: leaveOut,
  link_correction: linkCorrection,
  lock_twin_keys: lockTwinKeys,
  log_review: logReview,
  marked_accepted_message: markedAcceptedMessage,
  next_claim: nextClaim,
  next_revision: nextRevision,
  note_history: noteHistory,
  open_batch: openBatch,
  own_batch: ownBatch,
  person_key: personKey,
  person_rows: personRows,
  personal_extra: personalExtra,
  personal_fields: personalFields,
  personal_values: personalValues,
  purge_personal: purgePersonal,
  queue,
  queue_batch: queueBatch,
  record_outcome: recordOutcome,
  record_outcomes: recordOutcomes,
  release_unsent: releaseUnsent,
  remove_personal: removePersonal,
  rename_profile: renameProfile,
  renew_leases: renewLeases,
  require_sender: requireSender,
  require_supervisor: requireSupervisor,
  resend,
  resolve,
  retry_clear: retryClear,
  retry_waiting: retryWaiting,
  scrub,
  scrub_fields: scrubFields,
  send_now: sendNow,
  send_twin: sendTwin,
  set_batch_paused: setBatchPaused,
  set_paused: setPaused,
  set_retention: setRetention,
  set_update_feed: setUpdateFeed,
  settle_batch: settleBatch,
  stamp_review: stampReview,
  strip_left_out: stripLeftOut,
  strip_personal: stripPersonal,
  supersede,
  take,
  take_guarded: takeGuarded,
  unclaim,
};

/**
 * Applied on every init and upgrade after the migrations, in one transaction: the functions, the
 * duplicate guard's bounded waits on every function that takes its lock (so a function replaced
 * here keeps them), and the trigram index for free text once pg_trgm is installed.
 */
export const EVERY_INIT_SQL = [...Object.values(FUNCTIONS), guardWaits, trigramIndex].join('\n');
