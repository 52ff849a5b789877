import type { AuthSession, AuthUser, LoginInput } from '@omnia/contracts/auth';
import type { LoginResponse, SecondStepCode } from '@omnia/contracts/sign-in';
import { createContext, useContext } from 'react';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  /** The server no longer knows the session (ended elsewhere, expired, or revoked by a reset). */
  | 'SESSION_ENDED'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthContextValue {
  session: AuthSession | null;
  user: AuthUser | null;
  /** True until the initial session has been read. */
  loading: boolean;
  lastEvent: AuthEvent;
  /** A session, or (the account has a second factor) the second step still to make. */
  signIn(input: LoginInput): Promise<LoginResponse>;
  /** A passkey sign-in (the browser's dialog; no e-mail or password). */
  signInWithPasskey(options?: { autofill?: boolean }): Promise<AuthSession>;
  /** The second step with one of the account's passkeys (the browser's dialog). */
  completeTwoStepWithPasskey(): Promise<AuthSession>;
  /** The second step: an authenticator code or a recovery code. */
  completeTwoStep(kind: SecondStepCode, code: string): Promise<AuthSession>;
  signOut(): Promise<void>;
  refresh(): Promise<AuthSession | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
