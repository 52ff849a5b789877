import type { OAuthScope } from '@omnia/contracts/constants';
import { type OAuthClient, registerClientSchema } from '@omnia/contracts/developer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { errorMessage, message } from '@/lib/messages';
import { clientsKey } from '@/lib/query-keys';
import { registerClient, uploadLogo } from '../api';

export interface RegisterValues {
  name: string;
  description: string;
  logo: File | null;
  redirectUris: string[];
  scopes: OAuthScope[];
  requirePkce: boolean;
  postLogoutUris: string[];
}
export type FieldErrors = Partial<
  Record<'name' | 'description' | 'redirect_uris' | 'allowed_scopes' | 'post_logout_redirect_uris', string>
>;

function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as keyof FieldErrors;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * SPEC §2/§5 registration: validate with the shared schema (messages per field), require a
 * signed-in user, upload the logo first (its failure stops everything), then create the client.
 */
export function useRegister(userId: string | undefined) {
  const signedIn = Boolean(userId);
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<OAuthClient | null>(null);

  async function submit(values: RegisterValues) {
    const draft = {
      name: values.name,
      description: values.description,
      logo_url: null,
      redirect_uris: values.redirectUris,
      allowed_scopes: values.scopes,
      require_pkce: values.requirePkce,
      post_logout_redirect_uris: values.postLogoutUris,
    };
    const parsed = registerClientSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    if (!signedIn) {
      toast.error(message('mustBeLoggedInToRegister'));
      return;
    }
    setSubmitting(true);
    try {
      let logoUrl: string | null = null;
      if (values.logo) {
        try {
          logoUrl = await uploadLogo(values.logo);
        } catch {
          toast.error(message('logoUploadFailure'));
          return;
        }
      }
      const client = await registerClient({ ...draft, logo_url: logoUrl });
      await queryClient.invalidateQueries({ queryKey: clientsKey(userId) });
      toast.success(message('clientRegistered'));
      setCreated(client);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 401) toast.error(message('mustBeLoggedInToRegister'));
        else if (error.code === 'validation_failed') {
          setErrors(
            fieldsFromIssues(
              Object.entries(error.fields).map(([k, m]) => ({ path: k.split('.'), message: m })),
            ),
          );
          toast.error(errorMessage(error, 'clientCreateFailure'));
        } else toast.error(message('clientCreateFailure'));
      } else toast.error(message('unexpectedError'));
    } finally {
      setSubmitting(false);
    }
  }

  function reset() {
    setErrors({});
    setCreated(null);
  }

  return { errors, submitting, created, submit, reset };
}
