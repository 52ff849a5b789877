import { consentErrorMessage } from '@omnia/contracts/developer';
import { useSearchParams } from 'react-router';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ErrorState } from './components/StateViews';

/**
 * /oauth2/consent/error — where the engine shows errors that must not go back to the client. It
 * shows the catalogue text of a known `error` code only: never a text from its URL, which anyone can
 * write and would then read as Omnia's word.
 */
export function ConsentErrorPage() {
  useScreenTitle('authorizeError');
  const [params] = useSearchParams();
  return (
    <AuthorizationShell>
      <ErrorState text={message(consentErrorMessage(params.get('error')))} />
    </AuthorizationShell>
  );
}
export { ConsentErrorPage as Component };
