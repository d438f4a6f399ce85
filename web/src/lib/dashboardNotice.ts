/**
 * A message the dashboard shows once, on arrival, for a page that sent the customer there
 * (router state, never in the address: a reload or a later visit shows nothing). Seed 002 §4.3:
 * at the third payment failure the customer returns to the dashboard, told why.
 */
export const DASHBOARD_NOTICE_STATE = 'dashboardNotice';

/** The router state carrying `text` to the dashboard. */
export function dashboardNotice(text: string): Record<string, string> {
  return { [DASHBOARD_NOTICE_STATE]: text };
}

/** The notice of a router state, if any. */
export function noticeOf(state: unknown): string | undefined {
  const v = (state as Record<string, unknown> | null)?.[DASHBOARD_NOTICE_STATE];
  return typeof v === 'string' && v ? v : undefined;
}
