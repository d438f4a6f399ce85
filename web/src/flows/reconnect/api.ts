import { api, call, type Schemas } from '../../api/client';

export type Reconnect = Schemas['Reconnect'];
export type ReconnectPlan = Schemas['ReconnectPlan'];
export type ReconnectResult = Schemas['ReconnectResult'];

const at = (accountId: string) => ({ path: { accountId } });

/** `getReconnect` (seed 002 §2.10, §4.5): the check, both plans priced with tax, the saved card. */
export function reconnectQuery(accountId: string) {
  return {
    queryKey: ['reconnect', accountId],
    queryFn: () => call('getReconnect', () => api.GET('/secure2/accounts/{accountId}/reconnect', { params: at(accountId) })),
    staleTime: Infinity,
    retry: false,
  } as const;
}

/** `submitReconnect` with the attempt's Idempotency-Key: the plan only; the BFF pays with the saved card. */
export function submitReconnect(accountId: string, plan: string, key: string): Promise<ReconnectResult> {
  return call('submitReconnect', () =>
    api.POST('/secure2/accounts/{accountId}/reconnect', {
      params: { ...at(accountId), header: { 'Idempotency-Key': key } },
      body: { plan },
    }),
  );
}
