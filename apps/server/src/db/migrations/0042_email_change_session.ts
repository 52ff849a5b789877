/**
 * The session that asked for each e-mail change: its confirm link works only while that session
 * does (a password change, a sign-out of it, a reset end it). No foreign key: sessions are
 * deleted by housekeeping, and a gone session is an ended one.
 */
export const up = ['alter table email_changes add column requester_session_id uuid'];
