import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ErrorState, LoadingState } from './components/StateViews';
import { handOffToEngine } from './handoff';
import { plainErrorOf } from './plain-error';
import { validateAuthorizeQuery } from './validate-query';

/**
 * /oauth2/authorize and /oauth2/consent reached inside the app (a client-side navigation): the
 * query is checked against SPEC §5, then given to the server's engine, which brings the browser
 * back to /oauth2/consent/:uid with the same screen.
 */
export function AuthorizeEntryPage() {
  useScreenTitle('authorize');
  const location = useLocation();
  const kind = location.pathname.startsWith('/oauth2/consent') ? 'consent' : 'authorize';
  const query = location.search.replace(/^\?/, '');
  const invalid = validateAuthorizeQuery(new URLSearchParams(query), kind);
  const [stuck, setStuck] = useState(false);
  // Once per query, also under StrictMode's double effect run.
  const handedOff = useRef<string | null>(null);

  useEffect(() => {
    if (invalid || handedOff.current === query) return;
    handedOff.current = query;
    if (!handOffToEngine(query)) setStuck(true);
  }, [invalid, query]);

  let body = <LoadingState />;
  if (invalid) body = <ErrorState text={message(invalid)} plain={plainErrorOf(invalid)} />;
  else if (stuck) body = <ErrorState text={message('failedToValidateAuthorization')} />;
  return <AuthorizationShell>{body}</AuthorizationShell>;
}
export { AuthorizeEntryPage as Component };
