import type { ClientsService } from '../clients';

/**
 * Whether a person's earlier consent to an app may be used again, without the screen, for a
 * request that sends the browser back to `redirectUri`. An approved app's redirect URIs were all
 * reviewed by the operator: yes. In testing mode an app's changes apply at once, whoever of its
 * owner and members makes them: only for a redirect URI the person put there themselves, or a
 * member's link on Omnia's own domain would send their code to the member's server unseen.
 */
export function createConsentReuse(clients: Pick<ClientsService, 'findByClientId' | 'redirectUriAddedBy'>) {
  return async (clientId: string, accountId: string, redirectUri: string): Promise<boolean> => {
    const client = await clients.findByClientId(clientId);
    if (!client) return false;
    if (client.status === 'approved') return true;
    return (await clients.redirectUriAddedBy(clientId, redirectUri)) === accountId;
  };
}
export type ConsentReuse = ReturnType<typeof createConsentReuse>;
