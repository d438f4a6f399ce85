import { CallFailure } from '../api/client';
import type { FlowDef } from './flows';

/** Analytics events pushed to `window.dataLayer` (seed 000 §7: "pushed to a data layer at each step"). */
export type AnalyticsEvent =
  | { event: 'pageView'; flowType: string; step: string; locale: string }
  | { event: 'serviceability'; tapStatus: string }
  | { event: 'apiError'; call: string; errorCode: string }
  | { event: 'assign'; outcome: string }
  /** Seed 000 §8: a submit failure goes to the error page with a 'system error' event. */
  | { event: 'systemError'; call: string; errorCode: string };

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

/** The `pageView` event of a flow's page or stage (`step`: `pageStep(page)` or the stage id). */
export function trackPageView(flow: FlowDef, step: string, locale: string): void {
  track({ event: 'pageView', flowType: flow.flowType, step, locale });
}

/** The `apiError` event of a failed BFF call: its operation and error code when known. */
export function trackCallFailure(error: unknown, fallbackCall: string): void {
  if (error instanceof CallFailure) track({ event: 'apiError', call: error.call, errorCode: error.errorCode });
  else track({ event: 'apiError', call: fallbackCall, errorCode: 'UNKNOWN' });
}
