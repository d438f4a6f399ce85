import { useEffect } from 'react';
import { CallFailure } from '../api/client';
import type { FlowDef } from './flows';

/**
 * Who a page view counts as (seed 001 §2 routes: "buy and litepay paths are treated as
 * unauthenticated new customers for analytics"; seed 002 §2.1 lists the merchant starter kit,
 * `dollargeneral`, under Buy): a new customer, never signed in; or an existing customer of the
 * account area, `authenticated` on the pages only a signed-in identity reaches.
 */
export interface Audience {
  customerType: 'new' | 'existing';
  authenticated: boolean;
}

/**
 * Analytics events pushed to `window.dataLayer` (seed 000 §7: "pushed to a data layer at each
 * step"; seed 001 §8 and 002 §2.1). No event carries personal data: no name, e-mail, phone,
 * address, account id, guid or token (`errorMessage` is scrubbed too).
 */
export type AnalyticsEvent =
  /** Seed 002 §2.1: every route reports a flow type and a step. */
  | ({ event: 'pageView'; flowType: string; step: string; locale: string } & Audience)
  | { event: 'serviceability'; tapStatus: string }
  /** Seed 001 §8, 002 §4: a failed call is reported with its call name, code and message. */
  | { event: 'apiError'; call: string; errorCode: string; errorMessage?: string }
  | { event: 'assign'; outcome: string }
  /** Seed 000 §8: a submit failure goes to the error page with a 'system error' event. */
  | { event: 'systemError'; call: string; errorCode: string }
  /**
   * Seed 001 §4 "Session and timeout": the session ended for inactivity, `idle` when the
   * timeout modal's countdown ran out, `expired` when the BFF refused a call as expired,
   * `activation` when the activation area's 15-minute inactivity or fixed timer ran out.
   */
  | { event: 'sessionTimeout'; cause: 'idle' | 'expired' | 'activation' }
  /**
   * Seed 001 §5: the typed MAC address was not recognised (`maCAddressSubmissionErrorAlert`
   * shown); the address itself is not reported.
   */
  | { event: 'macNotRecognized'; call: 'validateMac' }
  /** Seed 002 §4.6: the quick refill located an account, its plan is in the cart. */
  | { event: 'addToCart'; flowType: string; product: string; price: number }
  /** Seed 002 §2.11: a completed quick refill (no order number, no personal data). */
  | { event: 'purchase'; flowType: string; product: string; revenue: number }
  /** Seed 002 §2.11: a tile shown, by name (the "acp learn tile"). */
  | { event: 'impression'; name: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** Flow bases (the path segment below the locale) of unauthenticated new customers. */
const NEW_CUSTOMER_BASES: ReadonlySet<string> = new Set(['buy', 'litepay', 'dollargeneral']);
/** Account-area pages reached without a signed-in identity. */
const SIGNED_OUT_BASES: ReadonlySet<string> = new Set(['handoff', 'timeout-error', 'error', 'not-found']);

/** The audience of a page under `/{locale}/{base}` (see [`Audience`]). */
export function audienceOf(base: string): Audience {
  if (NEW_CUSTOMER_BASES.has(base)) return { customerType: 'new', authenticated: false };
  return { customerType: 'existing', authenticated: !SIGNED_OUT_BASES.has(base) };
}

/** What a page view needs of its flow: where it is mounted and its `flowType`. */
export type TrackedFlow = Pick<FlowDef, 'base' | 'flowType'>;

/** The `pageView` event of a flow's page or stage (`step`: `pageStep(page)` or the stage id). */
export function trackPageView(flow: TrackedFlow, step: string, locale: string): void {
  track({ event: 'pageView', flowType: flow.flowType, step, locale, ...audienceOf(flow.base) });
}

/** The app's shared pages outside any flow: `/{locale}/error` and the not-found page. */
export const errorPageFlow: TrackedFlow = { base: 'error', flowType: 'account|prepaid' };
export const notFoundFlow: TrackedFlow = { base: 'not-found', flowType: 'account|prepaid' };

const EMAIL = /[^\s@]+@[^\s@]+/g;
// account ids (16 digits), phone numbers (with their separators), card digits
const DIGITS = /\(?\d[\d\s().-]*\d/g;

/**
 * A message safe to report: e-mail addresses and runs of digits (account ids, phone numbers,
 * card numbers) replaced by `#`, at most 200 characters. BFF messages hold no personal data by
 * design; this keeps an upstream text passed along from leaking any.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(EMAIL, '#')
    .replace(DIGITS, (run) => (run.replace(/\D/g, '').length >= 4 ? '#' : run))
    .slice(0, 200);
}

function messageOf(error: CallFailure): string | undefined {
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return scrubMessage(body.message);
  return undefined;
}

/** Failures already reported: a failure is one `apiError`, whoever reports it first. */
const reported = new WeakSet<object>();

/**
 * The `apiError` event of a failed BFF call: its operation, error code and message when known;
 * once per failure (the page showing it and `SessionErrors`, which leaves the page on a session
 * error before the page may have drawn it, can both report the same one).
 */
export function trackCallFailure(error: unknown, fallbackCall: string): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (error instanceof CallFailure) {
    const errorMessage = messageOf(error);
    track({ event: 'apiError', call: error.call, errorCode: error.errorCode, ...(errorMessage ? { errorMessage } : {}) });
  } else track({ event: 'apiError', call: fallbackCall, errorCode: 'UNKNOWN' });
}

/** The `apiError` of `failure` (a failed query of a page). */
export function useCallFailureTracking(failure: unknown, fallbackCall: string): void {
  useEffect(() => {
    if (failure) trackCallFailure(failure, fallbackCall);
  }, [failure, fallbackCall]);
}

/**
 * A page's tracking in one call: its `pageView` once per page and language, and the `apiError`
 * of `failure` (a failed query of the page) once per failure.
 */
export function usePageTracking(flow: TrackedFlow, step: string, locale: string, failure?: unknown): void {
  useEffect(() => trackPageView(flow, step, locale), [flow, step, locale]);
  useCallFailureTracking(failure, step);
}
