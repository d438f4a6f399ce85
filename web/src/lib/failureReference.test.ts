import { afterEach, describe, expect, it } from 'vitest';
import { FAILURE_REFERENCE_MAX_AGE_MS, lastFailureReference, rememberFailure, requestIdOf } from './failureReference';

describe('the reference of the last failed call', () => {
  afterEach(() => sessionStorage.clear());

  it("is the error body's requestId, else the x-request-id header", () => {
    const response = new Response(null, { headers: { 'x-request-id': 'from-header' } });
    expect(requestIdOf({ errorCode: 'UPSTREAM_TIMEOUT', requestId: 'from-body' }, response)).toBe('from-body');
    expect(requestIdOf({ errorCode: 'UPSTREAM_TIMEOUT' }, response)).toBe('from-header');
    expect(requestIdOf(undefined, new Response(null))).toBeUndefined();
  });

  it('is kept for the error page for two minutes, no longer', () => {
    expect(lastFailureReference()).toBeUndefined();
    rememberFailure('abc-123');
    expect(lastFailureReference()).toBe('abc-123');
    expect(lastFailureReference(Date.now() + FAILURE_REFERENCE_MAX_AGE_MS + 1000)).toBeUndefined();
    rememberFailure(undefined);
    expect(lastFailureReference()).toBe('abc-123');
  });
});
