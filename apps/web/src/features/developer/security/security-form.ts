import {
  CLIENT_AUTH_METHODS,
  type ClientSecurity,
  clientSecuritySchema,
} from '@omnia/contracts/client-security';
import { ruleMessage } from '@omnia/contracts/messages';
import { z } from 'zod';

/** The profile as the form holds it: the key set as the text pasted, the URL as typed. */
export const securityFormSchema = z
  .object({
    require_par: z.boolean(),
    require_dpop: z.boolean(),
    fapi_2: z.boolean(),
    auth_method: z.enum(CLIENT_AUTH_METHODS),
    jwks: z.string().max(50_000),
    jwks_uri: z.string().max(2000),
  })
  .transform((v, ctx) => {
    let jwks: unknown = null;
    if (v.jwks.trim()) {
      try {
        jwks = JSON.parse(v.jwks);
      } catch {
        ctx.addIssue({ code: 'custom', message: ruleMessage('jwksInvalid'), path: ['jwks'] });
        return z.NEVER;
      }
    }
    return { ...v, jwks, jwks_uri: v.jwks_uri.trim() || null };
  })
  .pipe(clientSecuritySchema);
export type SecurityFormValues = z.input<typeof securityFormSchema>;

/** What the form starts from: the app's stored profile. */
export const formValuesOf = (security: ClientSecurity): SecurityFormValues => ({
  ...security,
  jwks: security.jwks ? JSON.stringify(security.jwks, null, 2) : '',
  jwks_uri: security.jwks_uri ?? '',
});
