import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import { useIdleAfterDrawn } from '../lib/lazyPage';
import type { Locale } from '../lib/locale';
import { useModalAhead } from './LazyModal';

export type SyncUp = Schemas['SyncUp'];

/**
 * `getSyncUp`: whether the modal opens. The BFF answers `open: true` once per session (that answer
 * marks it shown), so it is read once per page load and never refetched.
 */
export function syncUpQuery(accountId: string) {
  return {
    queryKey: ['sync-up', accountId],
    queryFn: () => call('getSyncUp', () => api.GET('/secure2/accounts/{accountId}/sync-up', { params: { path: { accountId } } })),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  } as const;
}

// most page loads never open it: its code stays out of the pages' first load (issue 10's byte budget)
const SyncUpModal = lazy(() => import('./SyncUpModal').then((m) => ({ default: m.SyncUpModal })));

/**
 * The page shell's sync-up check (seed 001 §2 "Page shell", §5): asks once, opens the modal when
 * told to. It asks once the page it checks is drawn and the browser is idle
 * (`useIdleAfterDrawn`): asked with the page's commit, the call and the welcome tour's code it let
 * through were part of what Lighthouse counted before the dashboard's largest paint. Until it has
 * answered, and while its modal's code loads (the Suspense fallback), the page's deferred modal
 * (the welcome tour) waits, then the modal marks itself (`useModalAhead`): the two never show at
 * once, the sync-up first.
 */
export function SyncUpCheck({ accountId, locale }: { accountId: string; locale: Locale }) {
  const idle = useIdleAfterDrawn();
  const sync = useQuery({ ...syncUpQuery(accountId), enabled: idle });
  useModalAhead(sync.isPending);
  if (!sync.data?.open) return null;
  return (
    <Suspense fallback={<AheadWhileLoading />}>
      <SyncUpModal accountId={accountId} locale={locale} data={sync.data} />
    </Suspense>
  );
}

/** The sync-up modal's place while its code loads: it already goes before the page's own. */
function AheadWhileLoading() {
  useModalAhead(true);
  return null;
}
