const DEFINER = `LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp`;

/** The channel every committed change of a row is announced on (payload: the row's id). */
export const CHANGE_CHANNEL = 'feed_desk_journal';

/**
 * Migration 1, part three: what people do. Resolving an unknown is for supervisors only (the
 * function checks, and clerks are not granted EXECUTE); marking reviewed is a column privilege of
 * supervisors, stamped with session_user and now() by a trigger whatever the client wrote. Every
 * history row announces its submission on ${CHANGE_CHANNEL} at commit.
 */
export const PEOPLE_SQL = `
CREATE FUNCTION feed_desk.is_supervisor()
RETURNS boolean LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT pg_has_role(session_user, 'feed_desk_supervisor', 'MEMBER')
    OR pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'feed_desk'), 'MEMBER')
$$;

-- A person resolves a row: 'resend', 'accept' (with the recordid the service gave) or 'discard'.
CREATE FUNCTION feed_desk.resolve(p_id bigint, p_action text, p_recordid bigint, p_note text)
RETURNS SETOF feed_desk.submissions ${DEFINER} AS $$
DECLARE
  v_row feed_desk.submissions;
  v_from text;
  v_allowed text[] := CASE p_action WHEN 'resend' THEN ARRAY['unknown', 'failed', 'rejected']
    WHEN 'accept' THEN ARRAY['unknown', 'failed'] WHEN 'discard' THEN ARRAY['unknown', 'failed', 'rejected', 'queued'] END;
BEGIN
  IF NOT feed_desk.is_supervisor() THEN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
      MESSAGE = format('%s is not a Feed Desk supervisor: only supervisors resolve journal entries', session_user);
  END IF;
  IF v_allowed IS NULL OR (p_action = 'accept' AND p_recordid IS NULL) THEN
    RAISE EXCEPTION 'not a resolution: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_row FROM feed_desk.submissions WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE = format('No journal entry %s', p_id);
  END IF;
  v_from := v_row.state;
  IF NOT v_from = ANY (v_allowed) THEN
    RAISE EXCEPTION USING ERRCODE = 'FD001', MESSAGE =
      format('Journal entry %s is %s; that action needs %s', p_id, v_from, array_to_string(v_allowed, ' or '));
  END IF;
  IF p_action = 'resend' THEN
    UPDATE feed_desk.submissions SET state = 'queued', updated_at = now(), next_attempt_at = NULL,
        queued_at = now(), lease_owner = NULL
      WHERE id = p_id RETURNING * INTO v_row;
  ELSIF p_action = 'accept' THEN
    UPDATE feed_desk.submissions SET state = 'accepted', updated_at = now(), recordid = p_recordid,
        finished_at = now(), next_attempt_at = NULL, message = 'Marked accepted by ' || session_user, http_status = NULL
      WHERE id = p_id RETURNING * INTO v_row;
  ELSE
    UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL, finished_at = now()
      WHERE id = p_id RETURNING * INTO v_row;
  END IF;
  PERFORM feed_desk.note_history(p_id, v_from, v_row.state, session_user, coalesce(p_note,
    CASE p_action WHEN 'resend' THEN 'resend' WHEN 'accept' THEN 'marked accepted with recordid ' || p_recordid
      ELSE 'discarded' END));
  RETURN NEXT v_row;
END $$;

-- Whoever updates a review column (a supervisor: only they hold that column privilege), the
-- database records who and when.
CREATE FUNCTION feed_desk.stamp_review()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.reviewed_by := session_user;
  NEW.reviewed_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER submissions_stamp_review BEFORE UPDATE OF reviewed_by, reviewed_at, review_note
  ON feed_desk.submissions FOR EACH ROW EXECUTE FUNCTION feed_desk.stamp_review();

CREATE FUNCTION feed_desk.log_review()
RETURNS trigger ${DEFINER} AS $$
BEGIN
  PERFORM feed_desk.note_history(NEW.id, NEW.state, NEW.state, session_user,
    CASE WHEN coalesce(NEW.review_note, '') = '' THEN 'reviewed' ELSE 'reviewed: ' || NEW.review_note END);
  RETURN NULL;
END $$;
CREATE TRIGGER submissions_log_review AFTER UPDATE OF reviewed_by, reviewed_at, review_note
  ON feed_desk.submissions FOR EACH ROW EXECUTE FUNCTION feed_desk.log_review();

-- Each history row announces its submission at commit (an import sets feed_desk.quiet to skip it).
CREATE FUNCTION feed_desk.announce()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(current_setting('feed_desk.quiet', true), '') <> 'on' THEN
    PERFORM pg_notify('${CHANGE_CHANNEL}', NEW.submission_id::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER history_announce AFTER INSERT ON feed_desk.history
  FOR EACH ROW EXECUTE FUNCTION feed_desk.announce();

CREATE FUNCTION feed_desk.retry_waiting(p_profile text)
RETURNS integer ${DEFINER} AS $$
DECLARE v_count integer;
BEGIN
  WITH due AS (
    UPDATE feed_desk.submissions SET updated_at = now(), next_attempt_at = now()
      WHERE profile = p_profile AND state = 'failed' AND error_code IN ('credentials', 'keychain')
      RETURNING id
  ) INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
    SELECT id, 'failed', 'failed', 'system', 'credentials changed' FROM due ORDER BY id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;

CREATE FUNCTION feed_desk.set_paused(p_profile text, p_paused boolean)
RETURNS void ${DEFINER} AS $$
BEGIN
  IF p_paused THEN
    INSERT INTO feed_desk.paused_profiles (profile, paused_by) VALUES (p_profile, session_user)
      ON CONFLICT (profile) DO NOTHING;
  ELSE
    DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  END IF;
END $$;

CREATE FUNCTION feed_desk.send_now(p_profile text)
RETURNS integer ${DEFINER} AS $$
DECLARE v_count integer; v_queued integer;
BEGIN
  DELETE FROM feed_desk.paused_profiles WHERE profile = p_profile;
  WITH due AS (
    UPDATE feed_desk.submissions SET updated_at = now(), next_attempt_at = now()
      WHERE profile = p_profile AND state = 'failed' AND next_attempt_at IS NOT NULL
      RETURNING id
  ) INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, note)
    SELECT id, 'failed', 'failed', session_user, 'send now' FROM due ORDER BY id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  SELECT count(*) INTO v_queued FROM feed_desk.submissions WHERE profile = p_profile AND state = 'queued';
  RETURN v_count + v_queued;
END $$;

-- Profiles are each desk's own: a rename carries along only the rows and drafts of the user who
-- renamed it (other desks keep theirs under the name they know), each row with a history entry.
CREATE FUNCTION feed_desk.rename_profile(p_from text, p_to text)
RETURNS void ${DEFINER} AS $$
DECLARE v_row feed_desk.submissions;
BEGIN
  FOR v_row IN UPDATE feed_desk.submissions SET profile = p_to, updated_at = now()
      WHERE profile = p_from AND operator = session_user RETURNING * LOOP
    PERFORM feed_desk.note_history(v_row.id, v_row.state, v_row.state, session_user,
      format('profile renamed from %s to %s', p_from, p_to));
  END LOOP;
  UPDATE feed_desk.drafts SET profile = p_to WHERE profile = p_from AND db_user = session_user;
END $$;
`;
