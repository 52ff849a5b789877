import type { ClientStatus } from '@omnia/contracts/constants';
import { APP_LINK_FIELDS, type AppLinkField, type PendingClientChange } from '@omnia/contracts/developer';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type ClientsService, reviewVersion } from '../clients';

/** What an approved app's owner changed that waits for the operator: only what would change. */
export interface AdminPendingChange {
  /** What `clients approve-change` / `reject-change` take: this change, not a later one. */
  id: string;
  /** The name it would take (and the one it has). */
  name?: { from: string; to: string };
  /** The description it would show on the consent screen (and the one it has, or null). */
  description?: { from: string | null; to: string };
  /** The new logo's path on this server (look at it before approving). */
  logo_url?: string;
  added_redirect_uris?: string[];
  added_post_logout_redirect_uris?: string[];
  /** Changed links (homepage, privacy policy, terms): the new address, or null when removed. */
  links?: Partial<Record<AppLinkField, string | null>>;
  requested_at: string;
}

/**
 * What the operator approves of an app not approved (yet, or again), or of an approved app whose
 * owner's name is not its publisher: all people would see of it.
 */
export interface AdminReview {
  /** What `clients approve` takes with the client_id: this app as listed, not as changed since. */
  version: string;
  /** What the consent screen shows under the app's name. */
  description: string | null;
  /** 'Published by': the owner's full name, which approving the app puts on the consent screen. */
  publisher: string | null;
  /** What the consent screen says now (an approved app's last approved publisher), or null. */
  published_as: string | null;
  /** The logo's path on this server (look at it before approving). */
  logo_url: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  links: Record<AppLinkField, string | null>;
}

/** One client as the operator sees it (GET /api/admin/clients and the admin CLI). */
export interface AdminClient {
  client_id: string;
  name: string;
  status: ClientStatus;
  owner_email: string;
  created_at: string;
  pending_change: AdminPendingChange | null;
  /** For an app that is not approved: what approving it approves. */
  review: AdminReview | null;
}

export interface AdminClientListResponse {
  clients: AdminClient[];
}
export interface AdminClientResponse {
  client: AdminClient;
}

/** What an operator may decide about a client. */
export type AdminDecision = 'approve' | 'reject';
/** The operator decided on an app or on a waiting change of it (after it is stored). */
export type AdminDecided = (
  clientId: string,
  decision: AdminDecision,
  subject: 'app' | 'change',
) => Promise<void>;

/** The operator's view of a waiting change: what would be new. */
function describe(
  waiting: { id: string; change: PendingClientChange; before: Partial<Record<string, unknown>> } | undefined,
): AdminPendingChange | null {
  if (!waiting) return null;
  const { id, change, before } = waiting;
  const added = (field: 'redirect_uris' | 'post_logout_redirect_uris') => {
    const had = new Set(Array.isArray(before[field]) ? (before[field] as string[]) : []);
    return change[field]?.filter((uri) => !had.has(uri)) ?? [];
  };
  const redirects = added('redirect_uris');
  const logouts = added('post_logout_redirect_uris');
  const links = Object.fromEntries(
    APP_LINK_FIELDS.filter((f) => f in change).map((f) => [f, change[f] ?? null]),
  );
  return {
    id,
    ...(change.name !== undefined ? { name: { from: String(before.name ?? ''), to: change.name } } : {}),
    ...(typeof change.description === 'string'
      ? {
          description: {
            from: typeof before.description === 'string' ? before.description : null,
            to: change.description,
          },
        }
      : {}),
    ...(typeof change.logo_url === 'string' ? { logo_url: change.logo_url } : {}),
    ...(redirects.length ? { added_redirect_uris: redirects } : {}),
    ...(logouts.length ? { added_post_logout_redirect_uris: logouts } : {}),
    ...(Object.keys(links).length ? { links } : {}),
    requested_at: change.requested_at,
  };
}

// Longer ids are never issued (the OAuth engine ignores them too).
const MAX_CLIENT_ID_LENGTH = 200;

/** The operator's decisions on OAuth2 clients. The engine reads the row per request: changes apply at once. */
export function createAdminService(deps: {
  clients: ClientsService;
  /** The operator decided on an app or on a waiting change of it (after it is stored): its webhook hears of it. */
  onDecided: AdminDecided;
  /** A rejected app's grants and tokens end (in the rejection's transaction). */
  endGrants: (trx: Db, clientId: string) => Promise<void>;
}) {
  const { clients } = deps;
  type Pending = Awaited<ReturnType<ClientsService['pendingChanges']>>;
  const toClient = (
    row: Awaited<ReturnType<ClientsService['listWithOwners']>>[number],
    pending: Pending,
  ): AdminClient => ({
    client_id: row.client_id,
    name: row.name,
    status: row.status,
    owner_email: row.owner_email,
    created_at: new Date(row.created_at).toISOString(),
    pending_change: describe(pending.get(row.client_id)),
    // An approved app is reviewed again when its owner's name is not the publisher people see (a
    // new name, a new owner): approving it again, by its version, makes that name the publisher.
    review:
      row.status === 'approved' && row.publisher === row.owner_name
        ? null
        : {
            version: reviewVersion({ ...row, publisher: row.owner_name }),
            description: row.description,
            publisher: row.owner_name,
            published_as: row.status === 'approved' ? row.publisher : null,
            logo_url: row.logo_url,
            redirect_uris: row.redirect_uris,
            post_logout_redirect_uris: row.post_logout_redirect_uris,
            links: { homepage_url: row.homepage_url, privacy_url: row.privacy_url, terms_url: row.terms_url },
          },
  });

  return {
    /** Every client, newest first. */
    async listClients(): Promise<AdminClient[]> {
      const pending = await clients.pendingChanges();
      return (await clients.listWithOwners()).map((row) => toClient(row, pending));
    },

    /**
     * Approves or rejects a client by its public client_id; not_found when there is none. An
     * approval names the version `listClients` showed: an app changed since is not approved.
     */
    async decide(clientId: string, decision: AdminDecision, version = ''): Promise<AdminClient> {
      if (clientId.length === 0 || clientId.length > MAX_CLIENT_ID_LENGTH) throw new AppError('not_found');
      const done =
        decision === 'approve'
          ? await clients.approveSeen(clientId, version)
          : await clients.reject(clientId, deps.endGrants);
      if (done === 'changed') throw new AppError('client_changed');
      if (!done) {
        // Refused: no such app, or an approval of an app without its links.
        if (decision === 'approve' && (await clients.findWithOwner(clientId)))
          throw new AppError('client_links_missing');
        throw new AppError('not_found');
      }
      // Its webhook hears of a decision on the app, not of a publisher approved again.
      if (done !== 'republished') await deps.onDecided(clientId, decision, 'app');
      return this.one(clientId);
    },

    /** Approves or rejects one waiting change by its id; not_found when that change does not wait. */
    async decideChange(changeId: string, decision: AdminDecision): Promise<AdminClient> {
      if (!isUuid(changeId)) throw new AppError('not_found');
      const clientId = await clients.decideChange(changeId, decision === 'approve');
      if (clientId === 'links_missing') throw new AppError('client_links_missing');
      if (!clientId) throw new AppError('not_found');
      await deps.onDecided(clientId, decision, 'change');
      return this.one(clientId);
    },

    async one(clientId: string): Promise<AdminClient> {
      const row = await clients.findWithOwner(clientId);
      if (!row) throw new AppError('not_found');
      return toClient(row, await clients.pendingChanges());
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
