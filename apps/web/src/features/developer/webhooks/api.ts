import {
  type SavedWebhookResponse,
  WEBHOOKS_API,
  type WebhookDeliveriesResponse,
  type WebhookInput,
  type WebhookResponse,
} from '@omnia/contracts/webhooks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { clientsKey } from '@/lib/query-keys';

const webhookKey = (userId: string | undefined, id: string) =>
  [...clientsKey(userId), 'webhook', id] as const;

/** The app's webhook (null until one is saved). */
export const webhookQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...webhookKey(userId, id), 'endpoint'],
    queryFn: async () => (await api<WebhookResponse>(WEBHOOKS_API.webhook(id))).webhook,
    enabled: Boolean(userId) && id !== '',
  });

/** The app's latest webhook deliveries, read again every few seconds while some are under way. */
export const webhookDeliveriesQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...webhookKey(userId, id), 'deliveries'],
    queryFn: async () => (await api<WebhookDeliveriesResponse>(WEBHOOKS_API.deliveries(id))).deliveries,
    enabled: Boolean(userId) && id !== '',
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'retrying') ? 5_000 : false),
  });

/**
 * After any change: the endpoint and its deliveries are read again, not awaited, so the caller's
 * own reactions run before a refetch can unmount it.
 */
function useWebhookMutation<TInput, TResult>(
  userId: string | undefined,
  id: string,
  call: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKey(userId, id) });
    },
  });
}

/** Save the endpoint and its events (behind 'Confirm it's you'); a new one comes with its secret. */
export const useSaveWebhook = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useWebhookMutation(userId, id, (input: WebhookInput) =>
    withStepUp(() => api<SavedWebhookResponse>(WEBHOOKS_API.webhook(id), { method: 'PUT', body: input })),
  );

/** A new signing secret, shown once; the old one signs on for a day. */
export const useRotateWebhookSecret = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useWebhookMutation(userId, id, () =>
    withStepUp(() => api<SavedWebhookResponse>(WEBHOOKS_API.rotateSecret(id), { method: 'POST' })),
  );

export const useRemoveWebhook = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useWebhookMutation(userId, id, () =>
    withStepUp(() => api<void>(WEBHOOKS_API.webhook(id), { method: 'DELETE' })),
  );

/** 'Send test event': a ping, delivered like any event. */
export const useSendTestEvent = (userId: string | undefined, id: string) =>
  useWebhookMutation(userId, id, () => api<void>(WEBHOOKS_API.test(id), { method: 'POST' }));

/** 'Re-send': the delivery's event, queued again. */
export const useResendDelivery = (userId: string | undefined, id: string) =>
  useWebhookMutation(userId, id, (deliveryId: string) =>
    api<void>(WEBHOOKS_API.resend(id, deliveryId), { method: 'POST' }),
  );
