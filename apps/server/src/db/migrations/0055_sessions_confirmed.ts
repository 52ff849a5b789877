/**
 * When a session's person last answered 'Confirm it's you' (never at sign-in): adding a way to
 * sign in or turning two-step off asks for it, however fresh the sign-in, so a browser left
 * signed in, or a copied cookie, cannot add a credential of its own.
 */
export const up = ['alter table sessions add column confirmed_at timestamptz'];
