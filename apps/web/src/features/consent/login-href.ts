/** /login?returnTo=<path and query>; '/' stays readable, everything else is encoded. */
export const loginHref = (returnTo: string) =>
  `/login?returnTo=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`;
