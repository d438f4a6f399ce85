import { api, call, type Schemas } from '../../api/client';

export type Activation = Schemas['Activation'];
export type MacResult = Schemas['MacResult'];
export type ActivateBody = Schemas['ActivateBody'];
export type ActivationResult = Schemas['ActivationResult'];

const at = (accountId: string) => ({ path: { accountId } });

/** `getActivation`: the steps' data; `guid` is the link's base64 customer guid, when it has one. */
export function activationQuery(accountId: string, guid: string | null) {
  return {
    queryKey: ['activation', accountId, guid ?? ''],
    queryFn: () =>
      call('getActivation', () =>
        api.GET('/secure2/accounts/{accountId}/activation', { params: { ...at(accountId), query: guid ? { guid } : {} } }),
      ),
    // each answer starts a new attempt in the BFF: fetched once per visit, never again by itself
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  } as const;
}

/** `validateMac`: the typed MAC address looked up. */
export function validateMac(accountId: string, mac: string): Promise<MacResult> {
  return call('validateMac', () => api.POST('/secure2/accounts/{accountId}/activation/mac', { params: at(accountId), body: { mac } }));
}

/** `activateAccount`: activates, then restarts the modem (the BFF does both). */
export function activateAccount(accountId: string, body: ActivateBody): Promise<ActivationResult> {
  return call('activateAccount', () => api.POST('/secure2/accounts/{accountId}/activation', { params: at(accountId), body }));
}

/** One fetch of the public ping file behind the modem: whether it answered 200. */
export async function pingModem(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    return r.status === 200;
  } catch {
    return false;
  }
}
