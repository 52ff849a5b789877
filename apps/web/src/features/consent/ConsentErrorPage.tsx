import { MESSAGES } from '@omnia/contracts/messages';
import { useSearchParams } from 'react-router';
import { registerNamespace } from '@/lib/i18n';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ErrorState } from './components/StateViews';
import { en } from './locales/en';

registerNamespace('consent', en);

/** /oauth2/consent/error — where the engine shows errors that must not go back to the client. */
export function ConsentErrorPage() {
  const [params] = useSearchParams();
  const message = params.get('error_description') || MESSAGES.invalidAuthorizationRequest;
  return (
    <AuthorizationShell>
      <ErrorState message={message} />
    </AuthorizationShell>
  );
}
export { ConsentErrorPage as Component };
