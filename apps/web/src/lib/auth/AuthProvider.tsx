import type { AuthSession, LoginInput } from '@omnia/contracts/auth';
import {
  AUTH_REFRESH_BACKOFF_START_MS,
  AUTH_REFRESH_MARGIN_S,
  AUTH_REFRESH_TICK_MS,
  STORAGE_KEYS,
} from '@omnia/contracts/constants';
import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { isTwoStep } from '@omnia/contracts/sign-in';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, setAccessTokenProvider } from '@/lib/api';
import { AuthContext, type AuthEvent } from './context';
import { sessionApi, withSessionLock } from './session-api';
import { sessionIdOf } from './session-id';

const CHANNEL = 'omnia-auth';
const MAX_RETRIES = 5;

/** What a browser keeps of an account's data (a copy; the server holds it): gone once nobody is signed in. */
function forgetAccountCopies() {
  try {
    localStorage.removeItem(STORAGE_KEYS.claimedServices);
  } catch {
    // Storage may be unavailable (private mode): then nothing was kept either.
  }
}

/** Which session a tab holds: its access token's session id (any token of it names the same). */
const sessionOf = (held: AuthSession) => sessionIdOf(held.access_token) ?? held.access_token;

/** What a tab tells the others; `ended` names a session the server ended (sessionOf). */
interface TabMessage {
  event: AuthEvent;
  session: AuthSession | null;
  ended?: string;
}

/**
 * Holds the session in memory (never in storage). Restores it from the refresh cookie on start,
 * refreshes it when 90 s remain (checked every 30 s, retries back off from 200 ms) and keeps
 * tabs consistent over a BroadcastChannel.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AuthSession | null>(null);
  const [loading, setLoading] = useState(true);
  const [lastEvent, setLastEvent] = useState<AuthEvent>('INITIAL_SESSION');
  const sessionRef = useRef<AuthSession | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  const apply = useCallback((next: AuthSession | null, event: AuthEvent, broadcast = true) => {
    sessionRef.current = next;
    if (!next) forgetAccountCopies();
    setSession(next);
    setLastEvent(event);
    if (broadcast) channel.current?.postMessage({ event, session: next } satisfies TabMessage);
  }, []);

  /**
   * The server no longer knows the session `held` here: forgotten, and in the other tabs that hold
   * that one. A tab that held nothing has nothing to forget: it keeps how it lost its session (a
   * session ended elsewhere still sends the page to the login form, not home) and tells the others
   * nothing (one may have just signed in).
   */
  const forget = useCallback(
    (held: AuthSession | null) => {
      if (!held) return;
      apply(null, 'SESSION_ENDED', false);
      channel.current?.postMessage({
        event: 'SESSION_ENDED',
        session: null,
        ended: sessionOf(held),
      } satisfies TabMessage);
    },
    [apply],
  );

  const refresh = useCallback(async (): Promise<AuthSession | null> => {
    // The session this refresh starts from, read once the lock is held: a refresh that waited for
    // another one (the restore on load) starts from what that one brought.
    let before = sessionRef.current;
    for (let attempt = 0; ; attempt++) {
      try {
        // One tab at a time (and no sign-in of another tab in between): see withSessionLock.
        const run = () => {
          before = sessionRef.current;
          return sessionApi.refresh();
        };
        const next = await withSessionLock(run);
        // No session in this browser (no cookie at all): signed out, unless another tab signed in;
        // a page that had one lost it to another tab's finding that it had ended.
        if (!next) {
          if (sessionRef.current === before) forget(before);
          return sessionRef.current;
        }
        apply(next, 'TOKEN_REFRESHED');
        return next;
      } catch (err) {
        const retryable = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
        if (!retryable || attempt >= MAX_RETRIES) {
          // Unless another tab signed in meanwhile (its session arrived over the channel): the
          // cookies are that session's now. The 401 itself cleared every cookie of the dead one
          // (the refresh token, the engine's name for the session, the engine's own session).
          if (err instanceof ApiError && err.status === 401 && sessionRef.current === before) forget(before);
          return null;
        }
        await new Promise((r) => setTimeout(r, AUTH_REFRESH_BACKOFF_START_MS * 2 ** attempt));
      }
    }
  }, [apply, forget]);

  useEffect(() => {
    const credential = (session: AuthSession | null) =>
      session ? { token: session.access_token, owner: session.user.id } : null;
    // Calls refused at once share one renewal: each refresh rotates the cookie.
    let renewing: Promise<AuthSession | null> | null = null;
    setAccessTokenProvider(
      () => credential(sessionRef.current),
      async () => {
        renewing ??= refresh().finally(() => {
          renewing = null;
        });
        return credential(await renewing);
      },
    );
    channel.current = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel.current?.addEventListener('message', ({ data }: MessageEvent<TabMessage>) => {
      // A session another tab found ended: only if it is the one held here, not a sign-in made
      // here since (whose announcement had not reached that tab yet). By session, not by token:
      // a tab that missed a refresh's announcement holds an older token of the same session.
      if (data.ended && sessionRef.current && sessionOf(sessionRef.current) !== data.ended) return;
      apply(data.session, data.event, false);
    });
    refresh().finally(() => {
      setLastEvent('INITIAL_SESSION');
      setLoading(false);
    });
    const tick = setInterval(() => {
      const current = sessionRef.current;
      if (current && current.expires_at - Date.now() / 1000 <= AUTH_REFRESH_MARGIN_S) void refresh();
    }, AUTH_REFRESH_TICK_MS);
    return () => {
      clearInterval(tick);
      channel.current?.close();
    };
  }, [apply, refresh]);

  const signIn = useCallback(
    async (input: LoginInput) => {
      const next = await sessionApi.login(input);
      if (!isTwoStep(next)) apply(next, 'SIGNED_IN');
      return next;
    },
    [apply],
  );
  const signInWithPasskey = useCallback(
    async (options: { autofill?: boolean } = {}) => {
      const next = await sessionApi.passkey(options.autofill === true);
      apply(next, 'SIGNED_IN');
      return next;
    },
    [apply],
  );
  const completeTwoStepWithPasskey = useCallback(async () => {
    const next = await sessionApi.twoStepPasskey();
    apply(next, 'MFA_CHALLENGE_VERIFIED');
    return next;
  }, [apply]);
  const completeTwoStep = useCallback(
    async (kind: SecondStepCode, code: string) => {
      const next = await sessionApi.twoStep(kind, code);
      apply(next, 'MFA_CHALLENGE_VERIFIED');
      return next;
    },
    [apply],
  );
  const signOut = useCallback(async () => {
    await sessionApi.logout();
    apply(null, 'SIGNED_OUT');
  }, [apply]);

  const value = useMemo(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      lastEvent,
      signIn,
      signInWithPasskey,
      completeTwoStep,
      completeTwoStepWithPasskey,
      signOut,
      refresh,
    }),
    [
      session,
      loading,
      lastEvent,
      signIn,
      signInWithPasskey,
      completeTwoStep,
      completeTwoStepWithPasskey,
      signOut,
      refresh,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
