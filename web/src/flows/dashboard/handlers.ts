import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { ACCOUNT_ID } from './fixtures';
import type { Dashboard } from './types';

/**
 * MSW handlers of the dashboard's account calls: `getProfile` names `accountId` as the chosen
 * account; `getDashboard` answers `others[accountId]` when given (the aux account an
 * `auxDashboard` answer reloads with), else `answer`: a dashboard or an `ApiError`.
 */
export function dashboardHandlers(
  answer: Dashboard | { errorCode: string; status: number },
  {
    accountId = ACCOUNT_ID,
    latency = 0,
    others = {},
  }: { accountId?: string | null; latency?: number; others?: Record<string, Dashboard> } = {},
): HttpHandler[] {
  return [
    http.get('*/secure2/profile', () =>
      HttpResponse.json({
        firstName: 'Ana',
        lastName: 'Reyes',
        greetingName: 'Ana',
        uid: 'ana.reyes',
        email: 'a.reyes@example.com',
        emailVerified: true,
        mobile: '2155550100',
        mobileVerified: true,
        accounts: 1,
        ...(accountId ? { accountId } : {}),
      }),
    ),
    http.get('*/secure2/accounts/:accountId/dashboard', async ({ params }) => {
      if (latency) await delay(latency);
      const other = others[String(params.accountId)];
      if (other) return HttpResponse.json(other);
      if ('errorCode' in answer) {
        return HttpResponse.json({ errorCode: answer.errorCode, message: answer.errorCode, requestId: 'test' }, { status: answer.status });
      }
      return HttpResponse.json(answer);
    }),
  ];
}
