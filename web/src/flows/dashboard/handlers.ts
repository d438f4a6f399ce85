import { http, HttpResponse, type HttpHandler } from 'msw';
import { profile, syncUpClosedHandler } from '../../testing/account';
import { ACCOUNT_ID } from './fixtures';
import type { Dashboard } from './types';

/**
 * MSW handlers of the dashboard's account calls: `getProfile` (the shell's test profile) names
 * `accountId` as the chosen account, or none; `getDashboard` answers `others[accountId]` when
 * given (the aux account an `auxDashboard` answer reloads with), else `answer`: a dashboard or
 * an `ApiError`. The shell's sync-up check answers "not offered" (its own stories open it).
 */
export function dashboardHandlers(
  answer: Dashboard | { errorCode: string; status: number },
  { accountId = ACCOUNT_ID, others = {} }: { accountId?: string | null; others?: Record<string, Dashboard> } = {},
): HttpHandler[] {
  return [
    // an `undefined` field is left out of the JSON: no chosen account
    http.get('*/secure2/profile', () => HttpResponse.json({ ...profile, accountId: accountId ?? undefined })),
    http.get('*/secure2/accounts/:accountId/dashboard', ({ params }) => {
      const other = others[String(params.accountId)];
      if (other) return HttpResponse.json(other);
      if ('errorCode' in answer) {
        return HttpResponse.json({ errorCode: answer.errorCode, message: answer.errorCode, requestId: 'test' }, { status: answer.status });
      }
      return HttpResponse.json(answer);
    }),
    syncUpClosedHandler(),
  ];
}

/**
 * MSW handlers of the dashboard's actions. `cancelScheduledMove` answers `cancel` (an answer or
 * an `ApiError` status) and counts its calls in `calls.cancel`; after a `cancelled` answer the
 * dashboard handler should answer without the move (pass `afterCancel`). `restartDevice` answers
 * `restart` after `delayMs`.
 */
export function actionHandlers({
  cancel = { result: 'cancelled' },
  restart = { result: 'restarted' },
  afterCancel,
  delayMs = 0,
  calls = { cancel: 0, restart: 0, keys: [] as string[] },
}: {
  cancel?: { result: 'cancelled' | 'failed'; message?: string } | { status: number; errorCode: string };
  restart?: { result: 'restarted' | 'failed' } | { status: number; errorCode: string };
  afterCancel?: Dashboard;
  delayMs?: number;
  calls?: { cancel: number; restart: number; keys: string[] };
} = {}): HttpHandler[] {
  let cancelled = false;
  const answer = (a: object) =>
    'status' in a && 'errorCode' in a
      ? HttpResponse.json({ errorCode: a.errorCode, message: a.errorCode, requestId: 'test' }, { status: a.status as number })
      : HttpResponse.json(a);
  return [
    http.post('*/secure2/accounts/:accountId/scheduled-move/cancel', async ({ request }) => {
      calls.cancel += 1;
      calls.keys.push(request.headers.get('Idempotency-Key') ?? '');
      await new Promise((r) => setTimeout(r, delayMs));
      if ('result' in cancel && cancel.result === 'cancelled') cancelled = true;
      return answer(cancel);
    }),
    http.post('*/secure2/accounts/:accountId/device/restart', async () => {
      calls.restart += 1;
      await new Promise((r) => setTimeout(r, delayMs));
      return answer(restart);
    }),
    http.get('*/secure2/accounts/:accountId/dashboard', () => (cancelled && afterCancel ? HttpResponse.json(afterCancel) : undefined)),
  ];
}
