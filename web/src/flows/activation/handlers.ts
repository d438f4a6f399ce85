import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { profile } from '../../testing/account';
import type { Activation, ActivationResult } from './api';
import { ACCOUNT_ID, PING_URL } from './fixtures';

export interface ActivationCall {
  op: string;
  body?: unknown;
}

type Answer<T> = T | { errorCode: string; status: number };

function reply<T>(a: Answer<T>) {
  if (a && typeof a === 'object' && 'errorCode' in a) {
    return HttpResponse.json({ errorCode: a.errorCode, message: a.errorCode, requestId: 'test' }, { status: a.status });
  }
  return HttpResponse.json(a as object);
}

/**
 * MSW answers of the activation pages' calls, shaped as the BFF's contract: `entry` answers
 * `getActivation`; `mac` answers `validateMac` (default: `success` for any MAC, as the
 * simulator does for a well-formed one; `failure` when `mac` is `'failure'`); `result` answers
 * `activateAccount` (`'hold'`: never, the progress screen); the ping file answers 503 for its
 * first `pingFailures` fetches, then 200 (`'never'`: always 503). With `session` (the default)
 * also the shell's `getProfile` and the sign-out. `calls` records each call with its body.
 */
export function activationHandlers({
  entry,
  mac = 'success',
  result,
  pingFailures = 0,
  calls = [],
  session = true,
}: {
  entry: Answer<Activation>;
  mac?: 'success' | 'failure' | Answer<never>;
  result?: Answer<ActivationResult> | 'hold';
  pingFailures?: number | 'never';
  calls?: ActivationCall[];
  session?: boolean;
}): HttpHandler[] {
  let pings = 0;
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const sessionCalls = [
    http.get('*/secure2/profile', () => HttpResponse.json({ ...profile, accountId: ACCOUNT_ID })),
    http.post('*/secure2/logout', async ({ request }) => {
      calls.push({ op: 'signOut', body: await body(request) });
      return HttpResponse.json({ logoutUrl: '/sim/identity/logout?state=expired' });
    }),
  ];
  return [
    ...(session ? sessionCalls : []),
    http.get('*/secure2/accounts/:accountId/activation', ({ request }) => {
      calls.push({ op: 'getActivation', body: Object.fromEntries(new URL(request.url).searchParams) });
      return reply(entry);
    }),
    http.post('*/secure2/accounts/:accountId/activation/mac', async ({ request }) => {
      const b = (await body(request)) as { mac: string };
      calls.push({ op: 'validateMac', body: b });
      if (mac === 'success' || mac === 'failure') return HttpResponse.json({ status: mac, mac: b.mac });
      return reply(mac);
    }),
    http.post('*/secure2/accounts/:accountId/activation', async ({ request }) => {
      calls.push({ op: 'activateAccount', body: await body(request) });
      if (result === 'hold') await delay('infinite');
      return reply(result === 'hold' || result === undefined ? { errorCode: 'UPSTREAM_ERROR', status: 502 } : result);
    }),
    http.get(`*${PING_URL}`, () => {
      pings += 1;
      calls.push({ op: 'ping' });
      const up = pingFailures !== 'never' && pings > pingFailures;
      return new HttpResponse(up ? 'OK' : 'Service Unavailable', { status: up ? 200 : 503 });
    }),
  ];
}
