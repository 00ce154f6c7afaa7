import { DEFINER } from './sending-sql';

/**
 * Migration 9: the correction link of a draft, and resolving that keeps the facts. A draft keeps
 * the rejected or failed row it corrects (`corrects`), so the link survives a restart. Marking a
 * row accepted keeps its last status code and error; its message says what the last attempt told
 * and who decided (as electron/main/journal/accept-words.ts words it for this computer's journal).
 */
export const DRAFT_LINK_SQL = `
ALTER TABLE feed_desk.drafts ADD COLUMN corrects bigint;

CREATE FUNCTION feed_desk.marked_accepted_message(p_from text, p_status integer, p_actor text, p_recordid bigint)
RETURNS text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE p_from WHEN 'unknown' THEN 'Answer lost' ELSE 'Not sent' END || ' (' ||
    CASE
      WHEN p_status IS NULL THEN 'no answer'
      WHEN p_status BETWEEN 200 AND 299 THEN p_status || ' with an unreadable reply'
      WHEN p_status = 408 THEN '408 Request Timeout'
      WHEN p_status = 429 THEN '429 Too Many Requests'
      WHEN p_status = 500 THEN '500 Internal Server Error'
      WHEN p_status = 502 THEN '502 Bad Gateway'
      WHEN p_status = 503 THEN '503 Service Unavailable'
      WHEN p_status = 504 THEN '504 Gateway Timeout'
      ELSE 'HTTP ' || p_status
    END || '); marked accepted by ' || p_actor || ' with recordid ' || p_recordid
$$;

-- Migration 5's resolve; marking accepted keeps the status code and words the message as above.
CREATE OR REPLACE FUNCTION feed_desk.resolve(p_id bigint, p_action text, p_recordid bigint, p_note text)
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
        finished_at = now(), next_attempt_at = NULL,
        message = feed_desk.marked_accepted_message(v_from, v_row.http_status, session_user, p_recordid)
      WHERE id = p_id RETURNING * INTO v_row;
  ELSE
    UPDATE feed_desk.submissions SET state = 'discarded', updated_at = now(), next_attempt_at = NULL, finished_at = now()
      WHERE id = p_id RETURNING * INTO v_row;
  END IF;
  PERFORM feed_desk.note_history(p_id, v_from, v_row.state, session_user, coalesce(p_note,
    CASE p_action WHEN 'resend' THEN 'resend' WHEN 'accept' THEN 'marked accepted with recordid ' || p_recordid
      ELSE 'discarded' END));
  PERFORM feed_desk.supersede(v_row, session_user);
  RETURN NEXT v_row;
END $$;
`;
