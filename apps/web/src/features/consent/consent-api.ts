import { API, type OkResponse } from '@omnia/contracts/api';
import type { ReauthenticateInput } from '@omnia/contracts/auth';
import {
  CONSENT_API,
  type ConsentDecisionResponse,
  type ConsentDetails,
  type OAuthErrorBody,
} from '@omnia/contracts/developer';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKey } from '@/lib/query-keys';

/** A failed consent call; `description` is the server's error_description when it sent one. */
export class ConsentError extends Error {
  override name = 'ConsentError';
  constructor(
    readonly status: number,
    readonly description: string | null,
  ) {
    super(description ?? `HTTP ${status}`);
  }
}

function describe(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const oauth = body as Partial<OAuthErrorBody>;
  if (typeof oauth.error_description === 'string' && oauth.error_description) return oauth.error_description;
  // Our API error shape, in case a guard in front of the consent routes answered.
  const api = (body as { error?: { message?: unknown } }).error;
  if (api && typeof api === 'object' && typeof api.message === 'string') return api.message;
  return null;
}

/**
 * The consent endpoints answer OAuth-style errors ({ error, error_description }), which the generic
 * API client does not read, so they get this small fetch of their own.
 */
async function call<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsentError(0, null);
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  if (!response.ok) throw new ConsentError(response.status, describe(json));
  return json as T;
}

/**
 * The pending authorization as the signed-in person (or nobody) sees it. Keyed by the person, not
 * the token, so a silent token refresh does not ask again; never kept once off screen.
 */
export const consentDetailsQuery = (uid: string, userId: string | undefined, token: string | null) =>
  queryOptions({
    queryKey: userId ? [...accountKey(userId), 'consent', uid] : ['consent', uid],
    queryFn: () => call<ConsentDetails>(CONSENT_API.details(uid), token),
    enabled: uid !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function postConsentDecision(uid: string, token: string, approved: boolean) {
  return call<ConsentDecisionResponse>(CONSENT_API.decision(uid), token, { approved });
}

/** 'Confirm it's you': the password again (Bearer), which makes this session's sign-in fresh. */
export function reauthenticate(input: ReauthenticateInput) {
  return api<OkResponse>(API.auth.reauthenticate, { body: input });
}
