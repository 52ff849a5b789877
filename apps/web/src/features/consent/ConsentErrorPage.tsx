import { CONSENT_ERRORS, consentErrorMessage } from '@omnia/contracts/developer';
import { useSearchParams } from 'react-router';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ErrorState } from './components/StateViews';
import { plainErrorOf } from './plain-error';

/**
 * /oauth2/consent/error — where the engine shows errors that must not go back to the client. It
 * says in plain words what happened, and folds away the catalogue text of a known `error` code only: never a text from its URL, which anyone can
 * write and would then read as Omnia's word.
 */
export function ConsentErrorPage() {
  useScreenTitle('authorizeError');
  const [params] = useSearchParams();
  const key = consentErrorMessage(params.get('error'));
  const code = Object.hasOwn(CONSENT_ERRORS, params.get('error') ?? '') ? params.get('error') : null;
  return (
    <AuthorizationShell>
      <ErrorState text={message(key)} plain={plainErrorOf(key)} code={code ?? undefined} />
    </AuthorizationShell>
  );
}
export { ConsentErrorPage as Component };
