import { api, call, type Schemas } from '../../api/client';

export type AccountInformation = Schemas['AccountInformation'];
export type CommunicationPreferences = Schemas['CommunicationPreferences'];

/** `getAccountInformation` of one of the signed-in identity's accounts (16 digits). */
export function accountInformationQuery(accountId: string) {
  return {
    queryKey: ['account-information', accountId],
    queryFn: () =>
      call('getAccountInformation', () =>
        api.GET('/secure2/accounts/{accountId}/account-information', { params: { path: { accountId } } }),
      ),
    staleTime: 0,
  } as const;
}

/** `updateCommunicationPreferences`: the saved preferences, or a `CallFailure` (409 when unchanged, 5xx upstream). */
export function updatePreferences(accountId: string, body: CommunicationPreferences): Promise<CommunicationPreferences> {
  return call('updateCommunicationPreferences', () =>
    api.POST('/secure2/accounts/{accountId}/communication-preferences', { params: { path: { accountId } }, body }),
  );
}
