import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '../../../app/router';
import { ensureXsrfToken } from '../../../api/client';
import { useLocale } from '../../../lib/useLocale';
import { getTrackingId } from '../../../lib/session';
import { LoadScreen } from '../components/LoadScreen';
import { parseEntryQuery } from '../entry';
import { useBuyState } from '../state';
import { buyHref, type BuyPageProps } from '../routes';

/** `/{locale}/buy`: reads `lm`, `promo` and `digitalSessionId`; loading screen while the token comes. */
export function EntryPage({ content, page }: BuyPageProps) {
  const locale = useLocale();
  const search = useSearchParams();
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
      navigate(`${buyHref(locale, 'session')}?digitalSessionId=${encodeURIComponent(q.digitalSessionId)}`, { replace: true });
    } else {
      navigate(buyHref(locale, q.promo ? 'direct-promo' : 'internet'), { replace: true });
    }
  }, [token.isPending, search, locale, navigate]);

  return <LoadScreen page={page.id} text={content.entry.text} />;
}
