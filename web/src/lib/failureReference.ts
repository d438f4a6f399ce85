/**
 * The reference of the last failed call (the BFF's request id: `ApiError.requestId`, also its
 * `x-request-id` header), kept for the error page the failure leads to, so the customer has
 * something to give support. Session storage: the error page may be a navigation away.
 */
const KEY = 'pp.failureRef';
/** A reference older than this is not the failure the page is about (a page that errs without a failed call). */
export const FAILURE_REFERENCE_MAX_AGE_MS = 120_000;

/** Remembers `requestId` as the reference of the last failure. */
export function rememberFailure(requestId: string | null | undefined): void {
  if (!requestId) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ id: requestId, at: Date.now() }));
  } catch {
    /* storage unavailable: no reference */
  }
}

/** The reference of the last failed call, when it failed within the last two minutes. */
export function lastFailureReference(now = Date.now()): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id?: unknown; at?: unknown } | null;
    if (!kept || typeof kept.id !== 'string' || typeof kept.at !== 'number') return undefined;
    return now - kept.at <= FAILURE_REFERENCE_MAX_AGE_MS ? kept.id : undefined;
  } catch {
    return undefined;
  }
}

/** The request id of a failed answer: its error body's `requestId`, else its `x-request-id` header. */
export function requestIdOf(body: unknown, response: Response | undefined): string | undefined {
  if (body && typeof body === 'object' && 'requestId' in body && typeof body.requestId === 'string' && body.requestId) return body.requestId;
  return response?.headers.get('x-request-id') ?? undefined;
}
