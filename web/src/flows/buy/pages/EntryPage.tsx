import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../app/router';
import { ensureXsrfToken, xsrfTokenAnswered } from '../../../api/client';
import { useLocale } from '../../../lib/useLocale';
import { getTrackingId } from '../../../lib/session';
import { LoadScreen } from '../components/LoadScreen';
import { entryTarget, parseEntryQuery } from '../entry';
import { useBuyState } from '../state';
import { buyHref, type BuyPageProps } from '../routes';
import { KEYS, readSession } from '../storage';
import { lazyPage } from '../../../lib/lazyPage';

/** The address start, in a chunk of its own: most visitors come with `lm` and never draw it. */
const AddressStartPage = lazyPage(async () => (await import('./AddressStartPage')).AddressStartPage);

/**
 * The page the entry leaves for when it can be drawn at once, instead of the entry's loading
 * screen: the token has answered already (the page preloads `/token`, which mostly answers before
 * the app's code is in), and the page is internet or direct promo (the session page, back from
 * the identity router, loads its code lazily). `undefined`: the loading screen shows.
 */
export function earlyEntryTarget(search: URLSearchParams): 'internet' | 'direct-promo' | undefined {
  const q = parseEntryQuery(search);
  const target = entryTarget(q);
  return xsrfTokenAnswered() && target !== 'session' && !needsAddress(q) ? target : undefined;
}

/**
 * No location to sell for (seed 000 §2: `lm` holds it): no `lm`, none kept from earlier in the
 * visit, and not back from the identity router. The entry is then the address check
 * (`AddressStartPage`), not a plan page without a price.
 */
function needsAddress(q: ReturnType<typeof parseEntryQuery>): boolean {
  return !q.locationId && !q.digitalSessionId && !readSession(KEYS.locationId);
}

/**
 * The entry's rules (seed 000 §2 "Entry"): reads `lm`, `promo` and `digitalSessionId`, and
 * leaves for the session page (`digitalSessionId`), direct promo (`promo=true`) or internet once
 * the token came. Draws nothing: `EntryPage` draws the loading screen, or the flow draws the page
 * it leaves for (`earlyEntryTarget`).
 */
export function EntryRules() {
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
    const target = entryTarget(q);
    const back = q.digitalSessionId ? `?digitalSessionId=${encodeURIComponent(q.digitalSessionId)}` : '';
    navigate(`${buyHref(locale, target)}${back}`, { replace: true });
  }, [token.isPending, search, locale, navigate]);

  return null;
}

/**
 * `/{locale}/buy`: the loading screen while the token comes (`EntryRules`); without a location,
 * the address check that finds one (`AddressStartPage`).
 */
export function EntryPage({ content, page }: BuyPageProps) {
  const locale = useLocale();
  const search = useSearchParams();
  const [address] = useState(() => needsAddress(parseEntryQuery(search)));
  if (address)
    return (
      <Suspense fallback={<LoadScreen page={page.id} text={content.entry.text} />}>
        <AddressStartPage locale={locale} promo={parseEntryQuery(search).promo} />
      </Suspense>
    );
  return (
    <>
      <EntryRules />
      <LoadScreen page={page.id} text={content.entry.text} timedMessage={content.session.timedMessage} />
    </>
  );
}
