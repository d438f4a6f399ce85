import { http, HttpResponse, type HttpHandler } from 'msw';

/**
 * MSW answers of the signed-in session's calls (contract section B), shaped as the BFF
 * answers them, for the shell and sign-in tests and stories. `calls` records each request's
 * operation and body.
 */
export interface SessionCall {
  op: string;
  body?: unknown;
}

export const profile = {
  firstName: 'Alexandra',
  lastName: 'Rivera',
  greetingName: 'Alex',
  pronoun: 'they/them',
  uid: 'alex.rivera',
  email: 'alex@example.com',
  emailVerified: true,
  mobile: '2155550112',
  mobileVerified: true,
  accountId: '8993100000001201',
  accounts: 1,
};

export const picker = {
  open: [
    { accountId: '8993100000000201', streetAddress: '12 Oak St', cityStateZip: 'Philadelphia, PA 19103' },
    { accountId: '8993100000000202', streetAddress: '40 Elm Ave Apt 2', cityStateZip: 'Camden, NJ 08102' },
  ],
  closed: [{ accountId: '8993100000000203', streetAddress: '7 Pine Rd', cityStateZip: 'Trenton, NJ 08608' }],
};

export const AUTHORIZE_URL = '/sim/identity/authorize?client_id=prepaid-digital';
export const LOGOUT_URL = '/sim/identity/logout?state=x';

export function sessionHandlers(calls: SessionCall[], next: { decode?: string; choose?: string } = {}): HttpHandler[] {
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return [
    http.post('*/secure2/authorize', async ({ request }) => {
      calls.push({ op: 'startSignIn', body: await body(request) });
      return HttpResponse.json({ authorizeUrl: AUTHORIZE_URL });
    }),
    http.post('*/secure2/decoder', async ({ request }) => {
      calls.push({ op: 'decodeSignIn', body: await body(request) });
      return HttpResponse.json({ next: next.decode ?? 'dashboard', bhr: false, mobile: false });
    }),
    http.get('*/secure2/account-picker', () => {
      calls.push({ op: 'getAccountPicker' });
      return HttpResponse.json(picker);
    }),
    http.post('*/secure2/account-picker', async ({ request }) => {
      calls.push({ op: 'chooseAccount', body: await body(request) });
      return HttpResponse.json({ next: next.choose ?? 'dashboard' });
    }),
    http.get('*/secure2/profile', () => {
      calls.push({ op: 'getProfile' });
      return HttpResponse.json(profile);
    }),
    http.post('*/secure2/ping', async ({ request }) => {
      calls.push({ op: 'ping', body: await body(request) });
      return HttpResponse.json({ pinged: true, idleRemainingSecs: 840 });
    }),
    http.post('*/secure2/logout', async ({ request }) => {
      calls.push({ op: 'signOut', body: await body(request) });
      return HttpResponse.json({ logoutUrl: LOGOUT_URL });
    }),
  ];
}

/** A 403 of the contract's session errors. */
export function sessionError(errorCode: string) {
  return HttpResponse.json({ errorCode, message: errorCode, requestId: 'test' }, { status: 403 });
}

/**
 * `getSyncUp` answering that the shell's sync-up modal stays closed (the dashboard's and other
 * signed-in pages' tests, where the modal is not the subject).
 */
export function syncUpClosedHandler(): HttpHandler {
  return http.get('*/secure2/accounts/:accountId/sync-up', () =>
    HttpResponse.json({
      open: false,
      holder: { firstName: profile.firstName, lastName: profile.lastName },
      defaults: { language: 'ENGLISH', smsOptIn: false },
    }),
  );
}
