import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ensureXsrfToken } from '../../../api/client';
import { useLocale } from '../../../app/useLocale';
import { getTrackingId } from '../../../lib/session';
import { LoadScreen } from '../components/LoadScreen';
import { parseEntryQuery } from '../entry';
import { useBuyState } from '../state';
import type { BuyPageProps } from '../BuyFlow';

/** `/{locale}/buy`: reads `lm`, `promo` and `digitalSessionId`; loading screen while the token comes. */
export function EntryPage({ content }: BuyPageProps) {
  const locale = useLocale();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { setLocation } = useBuyState();
  const token = useQuery({ queryKey: ['token'], queryFn: async () => (await ensureXsrfToken()) ?? null, staleTime: Infinity });

  useEffect(() => {
    getTrackingId();
    const q = parseEntryQuery(search);
    // ids of the link; the market id otherwise comes back from sessionStorage (state)
    setLocation({ locationId: q.locationId, marketId: q.marketId });
  }, [search, setLocation]);

  useEffect(() => {
    if (token.isPending) return;
    const q = parseEntryQuery(search);
    if (q.digitalSessionId) {
      navigate(`/${locale}/buy/session?digitalSessionId=${encodeURIComponent(q.digitalSessionId)}`, { replace: true });
    } else {
      navigate(`/${locale}/buy/${q.promo ? 'direct-promo' : 'internet'}`, { replace: true });
    }
  }, [token.isPending, search, locale, navigate]);

  return <LoadScreen page="entry" text={content.entry.text} />;
}
