import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { getTrackingId } from '../lib/session';
import { rememberFailure, requestIdOf } from '../lib/failureReference';

export type Schemas = components['schemas'];
/** The BFF's error codes (`ApiError.errorCode`). */
export type ErrorCode = Schemas['ErrorCode'];

function baseUrl(): string {
  return typeof location !== 'undefined' ? location.origin : 'http://localhost';
}

/** The one client of the BFF. `fetch` is looked up at call time so MSW can intercept it. */
export const api = createClient<paths>({
  baseUrl: baseUrl(),
  fetch: (request: Request) => globalThis.fetch(request),
});

let tokenPromise: Promise<string | undefined> | undefined;
let tokenAnswered = false;

/** Reads `/token` once `after` (a read under way) has settled: one session, one token. */
function readToken(after?: Promise<unknown>): Promise<string | undefined> {
  const read: Promise<string | undefined> = (after ?? Promise.resolve())
    .catch(() => undefined)
    // no query: the page preloads exactly `/token` (bff/src/web/pages.rs), and the tracking id
    // travels in the `trackingid` header like on every call
    .then(() => api.GET('/token'))
    .then(({ data }) => data?.xsrfToken)
    .catch(() => undefined)
    .then((token) => {
      tokenAnswered = true;
      // a failed fetch may be retried by the next POST
      if (token === undefined && tokenPromise === read) tokenPromise = undefined;
      return token;
    });
  return read;
}

/** Fetches the XSRF token once per page load and keeps it in memory. */
export function ensureXsrfToken(): Promise<string | undefined> {
  tokenPromise ??= readToken();
  return tokenPromise;
}

/**
 * Forgets the kept token and reads `/token` again (after a read under way, so both name one
 * session): before a sign-in starts (the kept token may be one of a session that ended: signed
 * out in another tab, expired), and when a call that rotates the session got no answer.
 */
export function renewXsrfToken(): Promise<string | undefined> {
  tokenPromise = readToken(tokenPromise);
  return tokenPromise;
}

/** The header in which an answer that rotates the session hands over its new token. */
const XSRF_HEADER = 'x-xsrf-token';

/** Whether the page's token call has answered (with a token or not): the buy entry's wait is over. */
export function xsrfTokenAnswered(): boolean {
  return tokenAnswered;
}

/** Test and story hook: forget the cached token. */
export function resetXsrfToken(): void {
  tokenPromise = undefined;
  tokenAnswered = false;
}

let requestLocale: 'en' | 'es' = 'en';

/**
 * The route's locale, sent as `Accept-Language` on every call: the BFF resolves the error
 * catalogue's `message` for it. Set by the `/:locale` route before its children render.
 */
export function setRequestLocale(locale: 'en' | 'es'): void {
  requestLocale = locale;
}

/**
 * Whether a call carries the CSRF token: every call but the token itself and the content
 * bundles. The BFF checks it on every write and on the GETs that change the checkout
 * (serviceability, product details, payment id, session restore: the `csrf` scheme in
 * `openapi/bff.json`); sending it on the other reads costs nothing.
 */
function needsToken(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path !== '/token' && !path.startsWith('/-/');
}

/**
 * Calls after which the BFF gives the session a new id and a new CSRF token (an identity joined
 * it: the buy hand-off's restore, the sign-in's decoder): other calls wait until the answer, with
 * its new cookie and the new token (header `x-xsrf-token`), is back, so none leaves with the
 * retired id or token.
 */
const ROTATES = new Set(['GET /secure/session', 'POST /secure2/decoder']);
let rotation: Promise<unknown> = Promise.resolve();
let pendingRotation: (v?: unknown) => void = () => undefined;

const headers: Middleware = {
  async onRequest({ request, schemaPath }) {
    // the rotating call itself, and the token it may first need, do not wait for it
    if (!ROTATES.has(`${request.method} ${schemaPath}`) && schemaPath !== '/token') await rotation;
    request.headers.set('trackingid', getTrackingId());
    request.headers.set('accept-language', requestLocale);
    request.headers.set('source', 'DIGITAL2.0');
    if (needsToken(request)) {
      const token = await ensureXsrfToken();
      if (token) request.headers.set('x-xsrf-token', token);
    }
    return request;
  },
};

const rotations: Middleware = {
  onRequest({ request, schemaPath }) {
    if (ROTATES.has(`${request.method} ${schemaPath}`)) {
      let done: (v?: unknown) => void = () => undefined;
      rotation = new Promise((resolve) => (done = resolve));
      pendingRotation = done;
    }
    return request;
  },
  onResponse({ request, schemaPath, response }) {
    if (ROTATES.has(`${request.method} ${schemaPath}`)) {
      // the answer that rotated hands over the new token; one that did not rotate has none
      const token = response.headers.get(XSRF_HEADER);
      if (token) tokenPromise = Promise.resolve(token);
      pendingRotation();
    }
    return response;
  },
  onError({ request, schemaPath }) {
    if (ROTATES.has(`${request.method} ${schemaPath}`)) {
      void renewXsrfToken();
      pendingRotation();
    }
  },
};
api.use(rotations, headers);

/** A failed call: `status` 0 for a network failure; `errorCode` from the `ApiError` body. */
export class CallFailure extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly errorCode: string,
    /** The error body (`ApiError`), e.g. the `details` of a 400. */
    readonly body?: unknown,
  ) {
    super(`${call} failed: ${status} ${errorCode}`);
  }
}

/**
 * Codes whose `message` the BFF fills with the error catalogue's text in the request's language
 * (`bff/src/error_messages.rs`): the page shows it. Every other code's `message` is for logs.
 */
const CATALOGUE_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'PIN_INVALID',
  'PIN_REJECTED',
  'PIN_NOT_RECOGNISED',
  'PIN_ALREADY_REDEEMED',
  'PIN_NOT_VALIDATED',
  'PIN_REDEEM_FAILED',
  'PAYMENT_IN_PROGRESS',
]);

/** The catalogue message a failed call carries (see `CATALOGUE_CODES`), else `undefined`. */
export function catalogueMessage(e: unknown): string | undefined {
  if (!(e instanceof CallFailure) || !CATALOGUE_CODES.has(e.errorCode)) return undefined;
  const m = (e.body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m ? m : undefined;
}

function errorCodeOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'errorCode' in body && typeof body.errorCode === 'string') {
    return body.errorCode;
  }
  return `HTTP_${status}`;
}

/**
 * Runs one call; resolves with its data, or throws a `CallFailure`. A `CSRF_REJECTED` answer
 * is tried once more with a new token: a session that held nothing yet (no sign-in, no
 * checkout) idles out after two minutes on the BFF, so a visitor who read the page for longer
 * gets a new session and token instead of an error (the call's `Idempotency-Key` is kept).
 */
export async function call<T>(
  name: string,
  run: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  retried = false,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await run();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new CallFailure(name, 0, 'NETWORK');
  }
  if (!retried && result.response.status === 403 && errorCodeOf(result.error, 403) === 'CSRF_REJECTED') {
    await renewXsrfToken();
    return call(name, run, true);
  }
  if (result.data === undefined || !result.response.ok) {
    // the error page shows it as the reference for support
    rememberFailure(requestIdOf(result.error, result.response));
    throw new CallFailure(name, result.response.status, errorCodeOf(result.error, result.response.status), result.error);
  }
  return result.data;
}
