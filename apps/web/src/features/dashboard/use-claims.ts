import { CLAIM_OPEN_DELAY_MS, STORAGE_KEYS } from '@omnia/contracts/constants';
import { isServiceClickable } from '@omnia/contracts/services';
import type { Service } from '@omnia/contracts/services-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { claimsQuery, useClaimService } from './api';

/** The claimedServices key mirrors the server's claims (the server is the source of truth). */
function mirror(claims: string[]) {
  try {
    localStorage.setItem(STORAGE_KEYS.claimedServices, JSON.stringify(claims));
  } catch {
    // Storage may be unavailable (private mode); the server still holds the claims.
  }
}

function openLater(url: string) {
  // Within the click's transient activation (about 5 s), so popup blockers let it through.
  setTimeout(() => window.open(url, '_blank', 'noopener,noreferrer'), CLAIM_OPEN_DELAY_MS);
}

/** A claimed service with a url opens; one without says it was claimed already. */
function openClaimed(service: Service) {
  if (service.url) window.open(service.url, '_blank', 'noopener,noreferrer');
  else
    toast(message('alreadyClaimedTitle'), {
      description: message('alreadyClaimedBody', { service: service.name }),
    });
}

/** SPEC §4 claim rules, with the claims stored per account on the server. */
export function useClaims() {
  const { session } = useAuth();
  const userId = session?.user.id;
  const query = useQuery(claimsQuery(userId));
  useEffect(() => {
    if (query.data) mirror(query.data);
  }, [query.data]);

  const claimed = new Set(query.data ?? []);
  const claim = useClaimService<Service>(userId, {
    onSuccess: ({ alreadyClaimed }, service) => {
      // Claimed meanwhile in another tab or device: what a click on a claimed card does.
      if (alreadyClaimed) return openClaimed(service);
      toast.success(message('claimSuccessTitle'), {
        description: message('claimSuccessBody', { service: service.name }),
      });
      if (service.url) openLater(service.url);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'service_unavailable')
        toast.error(message('serviceUnavailableTitle'), { description: message('serviceUnavailableBody') });
      else toast.error(errorMessage(err, 'unexpectedError'));
    },
  });

  function act(service: Service) {
    if (!isServiceClickable(service.status)) {
      toast.error(message('serviceUnavailableTitle'), { description: message('serviceUnavailableBody') });
      return;
    }
    if (claimed.has(service.slug)) return openClaimed(service);
    // A second click while the first claim is on its way would claim twice and open two tabs.
    if (claim.isPending) return;
    claim.mutate(service);
  }

  return { claimed, act };
}
