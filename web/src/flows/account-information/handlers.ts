import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { profile } from '../../testing/account';
import type { AccountInformation, CommunicationPreferences } from './api';

export const ACCOUNT_ID = profile.accountId;

/** `getAccountInformation` of the shell's test profile (seed 001 §3 identity fields). */
export const information: AccountInformation = {
  accountId: ACCOUNT_ID,
  holder: {
    firstName: profile.firstName,
    lastName: profile.lastName,
    chosenFirstName: profile.greetingName,
    pronoun: profile.pronoun,
    signInId: { type: 'mobile', value: profile.mobile },
    mobile: { value: profile.mobile, verified: true },
    email: { value: profile.email, verified: false },
  },
  preferences: { language: 'ENGLISH', smsOptIn: false },
};

export interface PrefsCall {
  op: string;
  body?: unknown;
}

/** How the MSW answers behave: the update's and sync-up's answers, the sync-up modal's opening. */
export interface PrefsBehaviour {
  info?: AccountInformation | { status: number; errorCode: string };
  update?: 'ok' | { status: number; errorCode: string } | 'pending';
  syncUpOpen?: boolean;
  syncUp?: 'ok' | { status: number; errorCode: string };
}

const apiError = (e: { status: number; errorCode: string }) =>
  HttpResponse.json({ errorCode: e.errorCode, message: e.errorCode, requestId: 'test' }, { status: e.status });

/**
 * MSW handlers of the account-information calls shaped as the BFF answers them; `calls` records
 * each request's operation and body. `getSyncUp` answers `open: true` once, like the BFF.
 */
export function accountInformationHandlers(b: PrefsBehaviour = {}, calls: PrefsCall[] = []): HttpHandler[] {
  let saved = 'info' in b && b.info && 'holder' in b.info ? b.info.preferences : information.preferences;
  let shown = false;
  return [
    http.get('*/secure2/profile', () => HttpResponse.json(profile)),
    http.get('*/secure2/accounts/:accountId/account-information', () => {
      calls.push({ op: 'getAccountInformation' });
      if (b.info && 'errorCode' in b.info) return apiError(b.info);
      return HttpResponse.json({ ...(b.info ?? information), preferences: saved });
    }),
    http.post('*/secure2/accounts/:accountId/communication-preferences', async ({ request }) => {
      const body = (await request.json()) as CommunicationPreferences;
      calls.push({ op: 'updateCommunicationPreferences', body });
      if (b.update === 'pending') await delay('infinite');
      if (b.update && typeof b.update === 'object') return apiError(b.update);
      saved = body;
      return HttpResponse.json(body);
    }),
    http.get('*/secure2/accounts/:accountId/sync-up', () => {
      calls.push({ op: 'getSyncUp' });
      const open = Boolean(b.syncUpOpen) && !shown;
      shown = shown || open;
      return HttpResponse.json({ open, holder: information.holder, defaults: { language: 'ENGLISH', smsOptIn: false } });
    }),
    http.post('*/secure2/accounts/:accountId/sync-up', async ({ request }) => {
      const body = (await request.json()) as CommunicationPreferences;
      calls.push({ op: 'submitSyncUp', body });
      if (b.syncUp && typeof b.syncUp === 'object') return apiError(b.syncUp);
      saved = body;
      return HttpResponse.json(body);
    }),
  ];
}
