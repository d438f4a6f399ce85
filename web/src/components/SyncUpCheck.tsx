import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import { useIdleAfterDrawn } from '../lib/lazyPage';
import type { Locale } from '../lib/locale';
import { useFirstScreenModalOpen, useModalAhead } from './modalOrder';

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
 * (`useIdleAfterDrawn`: asked with the page's commit, the call was part of what Lighthouse
 * counted before the dashboard's largest paint), and once no modal drawn with the page's first
 * screen is open (`useFirstScreenModalOpen`: the welcome tour of a first visit first, then this
 * one; the BFF's answer counts the modal as shown, so it is asked only when it can show). Its
 * modal goes before the page's own (`useModalAhead`), from while its code loads: a tour drawn
 * after it (the page's data came late) waits for it.
 */
export function SyncUpCheck({ accountId, locale }: { accountId: string; locale: Locale }) {
  const idle = useIdleAfterDrawn();
  const firstScreenModal = useFirstScreenModalOpen();
  const sync = useQuery({ ...syncUpQuery(accountId), enabled: idle && !firstScreenModal });
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
