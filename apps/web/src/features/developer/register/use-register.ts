import {
  type AppType,
  actsForPeople,
  isPublicAppType,
  type OAuthScope,
  redirectsBack,
} from '@omnia/contracts/constants';
import { type OAuthClient, registerClientSchema } from '@omnia/contracts/developer';
import { useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { errorMessage, message } from '@/lib/messages';
import { LogoUploadFailed, useCreateClient } from '../api';
import type { UriRow } from './UriRows';

/** The registration form: the shared schema's fields, with the URI lists as rows (each keeps its place). */
export interface RegisterValues {
  appType: AppType;
  name: string;
  description: string;
  logo: File | null;
  redirectUris: UriRow[];
  scopes: OAuthScope[];
  requirePkce: boolean;
  postLogoutUris: UriRow[];
  homepageUrl: string;
  privacyUrl: string;
  termsUrl: string;
}

export const EMPTY_REGISTRATION: RegisterValues = {
  appType: 'web',
  name: '',
  description: '',
  logo: null,
  redirectUris: [{ id: 1, value: '' }],
  // Most apps need to reach their users: e-mail is ticked from the start.
  scopes: ['profile', 'email'],
  requirePkce: true,
  postLogoutUris: [{ id: 1, value: '' }],
  homepageUrl: '',
  privacyUrl: '',
  termsUrl: '',
};

/** What the server is sent (and the shared schema checks): the rows as lists of URIs. */
const toInput = (values: RegisterValues) => ({
  app_type: values.appType,
  name: values.name,
  description: values.description,
  logo_url: null,
  // A device app has none: whatever its hidden rows hold is not sent.
  redirect_uris: redirectsBack(values.appType) ? values.redirectUris.map((r) => r.value) : [],
  // A service asks for no person's scopes: whatever its hidden boxes hold is not sent.
  allowed_scopes: actsForPeople(values.appType) ? values.scopes : [],
  // An app without a secret always uses PKCE (its form has no such box).
  require_pkce: isPublicAppType(values.appType) || values.requirePkce,
  post_logout_redirect_uris: redirectsBack(values.appType) ? values.postLogoutUris.map((r) => r.value) : [],
  homepage_url: values.homepageUrl,
  privacy_url: values.privacyUrl,
  terms_url: values.termsUrl,
});

/** The form field each of the schema's (and the server's) fields is shown under. */
const FORM_FIELD = {
  app_type: 'appType',
  name: 'name',
  description: 'description',
  redirect_uris: 'redirectUris',
  allowed_scopes: 'scopes',
  require_pkce: 'requirePkce',
  post_logout_redirect_uris: 'postLogoutUris',
  homepage_url: 'homepageUrl',
  privacy_url: 'privacyUrl',
  terms_url: 'termsUrl',
} as const satisfies Record<string, keyof RegisterValues>;

/** The first message per form field, of messages that name a field by its path. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors<RegisterValues> = {};
  for (const issue of issues) {
    const field = FORM_FIELD[String(issue.path[0]) as keyof typeof FORM_FIELD];
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return errors;
}

/** SPEC §5 with the shared schema: one message under each field that breaks a rule. */
export const registerResolver: Resolver<RegisterValues> = (values) => {
  const parsed = registerClientSchema.safeParse(toInput(values));
  return parsed.success ? { values, errors: {} } : { values: {}, errors: fieldErrors(parsed.error.issues) };
};

/**
 * SPEC §2/§7 registration: the logo is uploaded first (its failure stops everything), then the
 * client is created. The server's own field messages are the caller's to show (ApiError.fields).
 */
export function useRegisterClient(userId: string | undefined) {
  const [created, setCreated] = useState<OAuthClient | null>(null);
  const create = useCreateClient(userId, {
    onSuccess: (client) => {
      toast.success(message('clientRegistered'));
      setCreated(client);
    },
    onError: (error) => {
      if (error instanceof LogoUploadFailed) toast.error(message('logoUploadFailure'));
      else if (!(error instanceof ApiError)) toast.error(message('unexpectedError'));
      else if (error.status === 401) toast.error(message('mustBeLoggedInToRegister'));
      else if (error.code === 'validation_failed') toast.error(errorMessage(error, 'clientCreateFailure'));
      else toast.error(message('clientCreateFailure'));
    },
  });
  return {
    submitting: create.isPending,
    submit: (values: RegisterValues) =>
      create.mutateAsync({ input: toInput(values), logo: values.logo ?? null }),
    created,
    reset: () => setCreated(null),
  };
}
