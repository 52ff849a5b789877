/**
 * What every admin backend is, and the failures the command prints as they are. The backends
 * themselves: admin-server-backend.ts (the running server's /api/admin) and
 * admin-direct-backend.ts (the database, loaded only when the command opens it).
 */
import { ERRORS } from '@omnia/contracts/errors';
import type { AdminClient, AdminDecision } from '../modules/admin';
import type { SigningKeyState } from '../modules/oauth';
import { printable } from './admin-format';

/** An expected failure: its message is printed as is (no stack) and the command exits 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Nothing listens on the server's port: the server is not running. */
export class ServerNotRunning extends Error {
  override name = 'ServerNotRunning';
}

export interface AdminBackend {
  listClients(): Promise<AdminClient[]>;
  /** An approval names the version `clients list` showed (AdminReview). */
  decide(clientId: string, decision: AdminDecision, version?: string): Promise<AdminClient>;
  /** Approves or rejects one waiting change of an approved app, by the id `clients list` shows. */
  decideChange(changeId: string, decision: AdminDecision): Promise<AdminClient>;
  /** The engine's signing keys: which signs, which wait, which are retired but published. */
  listKeys(): Promise<SigningKeyState[]>;
  /** Makes the next signing key (published at once; signing after the delay, or at once). */
  rotateKey(immediately: boolean): Promise<{ kid: string; activates_at: string }>;
  close(): Promise<void>;
}

export const unknownClient = (clientId: string) =>
  new CliError(`Unknown client: ${printable(clientId, 200)}`);
export const noChange = (changeId: string) =>
  new CliError(
    `No change ${printable(changeId, 200)} waits for review (decided already, or replaced by a newer one: see clients list)`,
  );

/** An approval the app's missing homepage, privacy policy or terms refuse. */
export const linksMissing = () => new CliError(ERRORS.client_links_missing.message);

/** An approval of an app its owner changed since it was listed. */
export const clientChanged = () => new CliError(ERRORS.client_changed.message);
