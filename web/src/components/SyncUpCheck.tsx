import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import type { Locale } from '../lib/locale';

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

/** The page shell's sync-up check (seed 001 §2 "Page shell", §5): asks once, opens the modal when told to. */
export function SyncUpCheck({ accountId, locale }: { accountId: string; locale: Locale }) {
  const sync = useQuery(syncUpQuery(accountId));
  // the dashboard's welcome tour waits while it is open (`useModalAhead` in the modal)
  if (!sync.data?.open) return null;
  return (
    <Suspense fallback={null}>
      <SyncUpModal accountId={accountId} locale={locale} data={sync.data} />
    </Suspense>
  );
}
