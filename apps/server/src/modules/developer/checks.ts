import { isHttpUri } from '@omnia/contracts/client-security';
import { type AppType, isPublicAppType, OAUTH_ACTIONS, type OAuthAction } from '@omnia/contracts/constants';
import {
  type ClientStats,
  type clientSettingsSchema,
  scopeCountIssues,
  uriCountIssues,
} from '@omnia/contracts/developer';
import type { MessageKey } from '@omnia/contracts/messages';
import { appUriIssues } from '@omnia/contracts/redirect-uris';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { neverCalled } from '../../jobs/public-address';

/* The developer service's checks of what a request names and holds (service.ts). */

/** Someone else's client, a missing one and a malformed id all look the same: 404. */
export function requireUuid(id: string): void {
  if (!isUuid(id)) throw new AppError('not_found');
}
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('not_found');
  return value;
}

/**
 * The URIs and scopes of an edit, checked for the app's kind (the request's schema cannot know it): each
 * refusal under its place in the list, as registration words it.
 */
export function assertUrisSuit(
  type: AppType,
  lists: Parameters<typeof appUriIssues>[1] & { allowed_scopes?: readonly string[] },
  fapi = false,
): void {
  const issues = [
    ...uriCountIssues(type, lists),
    ...appUriIssues(type, lists),
    ...scopeCountIssues(type, lists.allowed_scopes),
    // FAPI 2.0 §5.3.2.2: such an app's redirect URIs are https (securityIssues says it the other way).
    ...(fapi
      ? (lists.redirect_uris ?? []).flatMap((uri, i) =>
          isHttpUri(uri) ? [{ path: ['redirect_uris', i], message: 'fapiHttpsRedirects' as const }] : [],
        )
      : []),
  ];
  const first = issues[0];
  if (!first) return;
  const fields: Record<string, MessageKey> = {};
  for (const issue of issues) fields[issue.path.join('.')] = issue.message;
  throw new AppError('validation_failed', { messageKey: first.message, fields });
}

export type ClientSettings = z.output<typeof clientSettingsSchema>;

/** An app's settings, checked for its kind before anything is written. */
export function assertSettingsSuit(type: AppType, settings: ClientSettings, allowLoopback: boolean): void {
  assertUrisSuit(type, settings);
  const refuse = (field: keyof ClientSettings, messageKey: MessageKey): never => {
    throw new AppError('validation_failed', { messageKey, fields: { [field]: messageKey } });
  };
  const logoutUri = settings.backchannel_logout_uri;
  if (type !== 'web' && logoutUri) refuse('backchannel_logout_uri', 'backchannelLogoutWebOnly');
  if (logoutUri && neverCalled(logoutUri, allowLoopback)) refuse('backchannel_logout_uri', 'urlNotPublic');
  if (isPublicAppType(type) && settings.require_pkce === false) refuse('require_pkce', 'pkceRequiredPublic');
}

export function knownActions(json: string): ClientStats['byAction'] {
  const counts: unknown = JSON.parse(json);
  const byAction: ClientStats['byAction'] = {};
  if (typeof counts !== 'object' || counts === null) return byAction;
  for (const [action, n] of Object.entries(counts)) {
    if ((OAUTH_ACTIONS as readonly string[]).includes(action) && typeof n === 'number')
      byAction[action as OAuthAction] = n;
  }
  return byAction;
}
