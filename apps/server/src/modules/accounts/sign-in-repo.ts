import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { namedShape, namedStatement } from '../../db/named-statements';
import type { DeviceInfo } from '../../http/user-agent';
import { securityLog } from '../security';

/*
 * The two statements on the hot session paths, each ONE round trip (docs/performance.md): opening
 * a session at sign-in, and a session refresh. A single statement is atomic on its own, so neither
 * needs a transaction of its own (it joins the caller's when given one).
 */

export interface NewSession {
  userId: string;
  ttlSeconds: number;
  info: DeviceInfo;
  ip: string | null;
  userAgent: string;
  /** How the person signed in (RFC 8176). */
  amr: string[];
  refreshTokenHash: string;
}

/** A device the account has used: the same browser and system from the same network (IPv4 /16, IPv6 /48). */
const knownDevice = (info: DeviceInfo, ip: string | null) => sql<boolean>`coalesce(bool_or(
  os = ${info.os} and browser is not distinct from ${info.browser}
  and (${ip}::inet is null and ip is null or
    (ip is not null and ${ip}::inet is not null and family(ip::inet) = family(${ip}::inet)
      and set_masklen(ip::inet, case family(ip::inet) when 4 then 16 else 48 end) >>= ${ip}::inet))
), false)`;

/*
 * A session refresh, whole: read the token with its session and user; use it up if unused (the
 * conditional update: of two requests presenting it, on any instance, one marks it); then either
 * rotate (a fresh use, or a retry or racing tab within the grace: the session's next token, the
 * same one every time since it is derived from this one, and its new expiry) or, a rotated token
 * come back after the grace, revoke the session. Nothing is written
 * for a dead session. $1 the token's hash, $2 the next token's hash, $3 the grace in seconds,
 * $4 the session's time to live in seconds. Row locks: the token first, then the session.
 */
const REFRESH = namedStatement(
  'accounts_refresh_session',
  `with found as (
    select rt.session_id, s.user_id, u.email, u.email_confirmed_at, u.created_at as user_created_at,
      rt.used_at is null as unused,
      coalesce(rt.used_at > now() - ($3::int * interval '1 second'), false) as in_grace,
      s.revoked_at is null and s.expires_at > now() as live
    from refresh_tokens rt
    join sessions s on s.id = rt.session_id
    join users u on u.id = s.user_id
    where rt.token_hash = $1
  ),
  marked as (
    update refresh_tokens set used_at = now()
    where token_hash = $1 and used_at is null and exists (select 1 from found where live)
    returning session_id
  ),
  verdict as (
    select session_id, exists (select 1 from marked) or in_grace or unused as rotate
    from found where live
  ),
  extended as (
    update sessions set expires_at = now() + ($4::int * interval '1 second'), last_active_at = now()
    where id = (select session_id from verdict where rotate)
  ),
  issued as (
    insert into refresh_tokens (session_id, token_hash)
    select session_id, $2 from verdict where rotate
    on conflict (token_hash) do nothing
  ),
  revoked as (
    update sessions set revoked_at = now()
    where id = (select session_id from verdict where not rotate) and revoked_at is null
  )
  select f.session_id, f.user_id, f.email, f.email_confirmed_at, f.user_created_at, f.live,
    coalesce(v.rotate, false) as rotated
  from found f left join verdict v on true`,
);

export interface RefreshedRow {
  session_id: string;
  user_id: string;
  email: string;
  email_confirmed_at: Date | null;
  user_created_at: Date;
  /** The session was live (not revoked, not expired) by the database clock. */
  live: boolean;
  /** A next token was stored; false for a live session means the token was reused and it is revoked. */
  rotated: boolean;
}

/** Session sign-in and refresh statements. Takes a Db or a transaction. */
export function createSignInRepo(db: Db) {
  return {
    /**
     * Opens a session with its first refresh token, its sign-in log row and its security event, and
     * reads whether the account signed in before and from this device (as it stood before this
     * sign-in: every part of one statement sees the same snapshot). `alongside`: more CTEs to run
     * in the same statement (a login settles its lockout reservation here).
     */
    async openSession(
      s: NewSession,
      alongside: readonly RawBuilder<unknown>[] = [],
    ): Promise<{ sessionId: string; before: boolean; known: boolean }> {
      const event = securityLog.recordStatement(db, {
        userId: s.userId,
        kind: 'sign_in',
        // The browser only when the User-Agent names one (details hold strings and numbers).
        detail: {
          device: s.info.device,
          os: s.info.os,
          ...(s.info.browser ? { browser: s.info.browser } : {}),
        },
        ip: s.ip,
      });
      // Two factors at sign-in count as a verified second factor for step-up.
      const secondFactorAt = s.amr.includes('mfa') ? sql`now()` : sql`null`;
      const parts = [
        ...alongside,
        sql`history as (
          select count(*) > 0 as before, ${knownDevice(s.info, s.ip)} as known
          from session_logs where user_id = ${s.userId})`,
        sql`opened as (
          insert into sessions (user_id, expires_at, device, os, browser, ip, amr, second_factor_at)
          values (${s.userId}, now() + (${s.ttlSeconds}::int * interval '1 second'), ${s.info.device},
            ${s.info.os}, ${s.info.browser}, ${s.ip}, ${s.amr}::text[], ${secondFactorAt})
          returning id)`,
        sql`token as (
          insert into refresh_tokens (session_id, token_hash) select id, ${s.refreshTokenHash} from opened)`,
        sql`logged as (
          insert into session_logs (user_id, device, os, browser, user_agent, ip)
          values (${s.userId}, ${s.info.device}, ${s.info.os}, ${s.info.browser}, ${s.userAgent}, ${s.ip}))`,
        sql`event as (${event})`,
      ];
      const statement = sql<{ session_id: string; before: boolean; known: boolean }>`
        with ${sql.join(parts)}
        select opened.id as session_id, history.before, history.known from opened, history`.compile(db);
      // A few shapes (with or without a settlement, one or two factors): named, like REFRESH.
      namedShape('accounts_open_session', statement.sql);
      const { rows } = await db.executeQuery(statement);
      const row = rows[0];
      if (!row) throw new Error('opening a session returned no row');
      return { sessionId: row.session_id, before: row.before, known: row.known };
    },

    /** A session refresh in one statement (REFRESH above); undefined for an unknown token. */
    async refresh(r: {
      tokenHash: string;
      nextHash: string;
      graceSeconds: number;
      ttlSeconds: number;
    }): Promise<RefreshedRow | undefined> {
      const { rows } = await db.executeQuery<RefreshedRow>(
        CompiledQuery.raw(REFRESH, [r.tokenHash, r.nextHash, r.graceSeconds, r.ttlSeconds]),
      );
      return rows[0];
    },
  };
}
