import { api, call, type Schemas } from '../../api/client';

/** Calls of the sign-in pages (contract section B, tag `signin`). */

export type SignInResult = Schemas['SignInResult'];
export type AccountPicker = Schemas['AccountPicker'];
export type PickerAccount = Schemas['PickerAccount'];

/** `decodeSignIn`: the BFF exchanges the code and says where the user goes next. */
export function decodeSignIn(code: string, state: string): Promise<SignInResult> {
  return call('decodeSignIn', () => api.POST('/secure2/decoder', { body: { code, state } }));
}

/** `getAccountPicker`: open and closed accounts present in the prepaid database. */
export const accountPickerQuery = {
  queryKey: ['signin', 'account-picker'],
  queryFn: () => call('getAccountPicker', () => api.GET('/secure2/account-picker')),
} as const;

/** `chooseAccount`: the BFF keeps the choice; `next` is the dashboard or the permission error. */
export function chooseAccount(accountId: string) {
  return call('chooseAccount', () => api.POST('/secure2/account-picker', { body: { accountId } }));
}
