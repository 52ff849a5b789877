import type { AppType, OAuthScope } from '@omnia/contracts/constants';
import {
  type AppLinkField,
  type OAuthClient,
  scopeCountIssues,
  type UpdateClientInput,
  updateClientSchema,
} from '@omnia/contracts/developer';
import { ruleMessage } from '@omnia/contracts/messages';
import { appUriIssues } from '@omnia/contracts/redirect-uris';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { UriRow } from '../register/UriRows';

/** The edit form: the app's details, with the redirect URIs as rows and a new logo, if one is chosen. */
export interface EditValues {
  name: string;
  description: string;
  /** A new logo to upload; null keeps the current one (or none). */
  logo: File | null;
  /** The current logo is removed (and none chosen). */
  removeLogo: boolean;
  redirectUris: UriRow[];
  scopes: OAuthScope[];
  homepageUrl: string;
  privacyUrl: string;
  termsUrl: string;
}

/**
 * The form starts from what the owner last asked for: what waits for review where something does
 * (saving the form as it opens then leaves that request waiting, rather than withdrawing it).
 */
export const editValuesOf = (client: OAuthClient): EditValues => ({
  name: client.pending_change?.name ?? client.name,
  description: client.pending_change?.description ?? client.description ?? '',
  logo: null,
  removeLogo: false,
  redirectUris: (client.pending_change?.redirect_uris ?? client.redirect_uris).map((value, i) => ({
    id: i + 1,
    value,
  })),
  scopes: client.allowed_scopes.filter((s): s is OAuthScope => s === 'profile' || s === 'email'),
  homepageUrl: waitingOr(client, 'homepage_url') ?? '',
  privacyUrl: waitingOr(client, 'privacy_url') ?? '',
  termsUrl: waitingOr(client, 'terms_url') ?? '',
});

const waitingOr = (client: OAuthClient, field: AppLinkField) =>
  client.pending_change && field in client.pending_change ? client.pending_change[field] : client[field];

/** What the server is sent; `logoUrl` is the uploaded logo's, the current one's, or null. */
export const toUpdateInput = (values: EditValues, logoUrl: string | null): UpdateClientInput => ({
  name: values.name,
  description: values.description,
  logo_url: logoUrl,
  redirect_uris: values.redirectUris.map((r) => r.value),
  allowed_scopes: values.scopes,
  homepage_url: values.homepageUrl,
  privacy_url: values.privacyUrl,
  terms_url: values.termsUrl,
});

const FORM_FIELD = {
  name: 'name',
  description: 'description',
  redirect_uris: 'redirectUris',
  allowed_scopes: 'scopes',
  homepage_url: 'homepageUrl',
  privacy_url: 'privacyUrl',
  terms_url: 'termsUrl',
} as const satisfies Record<string, keyof EditValues>;

/** The first message per form field, of messages that name a field by its path. */
export function editFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors<EditValues> = {};
  for (const issue of issues) {
    const field = FORM_FIELD[String(issue.path[0]) as keyof typeof FORM_FIELD];
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return errors;
}

/** The registration's rules (the shared schema, and the URIs for the app's kind), one message under each field. */
export const editResolverFor =
  (type: AppType): Resolver<EditValues> =>
  (values) => {
    const input = toUpdateInput(values, null);
    const parsed = updateClientSchema.safeParse(input);
    const issues = parsed.success
      ? [...appUriIssues(type, parsed.data), ...scopeCountIssues(type, parsed.data.allowed_scopes)].map(
          (i) => ({ path: i.path, message: ruleMessage(i.message) }),
        )
      : parsed.error.issues;
    return issues.length ? { values: {}, errors: editFieldErrors(issues) } : { values, errors: {} };
  };
