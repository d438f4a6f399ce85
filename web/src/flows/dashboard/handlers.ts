import { http, HttpResponse, type HttpHandler } from 'msw';
import { profile } from '../../testing/account';
import { ACCOUNT_ID } from './fixtures';
import type { Dashboard } from './types';

/**
 * MSW handlers of the dashboard's account calls: `getProfile` (the shell's test profile) names
 * `accountId` as the chosen account, or none; `getDashboard` answers `others[accountId]` when
 * given (the aux account an `auxDashboard` answer reloads with), else `answer`: a dashboard or
 * an `ApiError`.
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
  ];
}
