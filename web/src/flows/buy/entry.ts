/** Query of the buy-flow entry (seed 000 §2 "Entry"). */
export interface EntryQuery {
  locationId?: string;
  marketId?: string;
  promo: boolean;
  digitalSessionId?: string;
}

/** `lm` is base64 (URL-encoded) of `locationId:marketId`; anything unreadable is ignored. */
export function parseLm(lm: string | null): { locationId?: string; marketId?: string } {
  if (!lm) return {};
  try {
    // a `+` of the base64 text arrives as a space when the link did not encode it
    const decoded = atob(decodeURIComponent(lm).trim().replace(/ /g, '+'));
    const [locationId, marketId] = decoded.split(':');
    return {
      locationId: locationId?.trim() || undefined,
      marketId: marketId?.trim() || undefined,
    };
  } catch {
    return {};
  }
}

export function encodeLm(locationId: string, marketId: string): string {
  return encodeURIComponent(btoa(`${locationId}:${marketId}`));
}

export function parseEntryQuery(search: URLSearchParams): EntryQuery {
  return {
    ...parseLm(search.get('lm')),
    promo: search.get('promo') === 'true',
    digitalSessionId: search.get('digitalSessionId') || undefined,
  };
}

/**
 * The page the entry leaves for (seed 000 §2 "Entry"): the session page back from the identity
 * router (`digitalSessionId`), direct promo (`promo=true`), else internet.
 */
export function entryTarget(q: EntryQuery): 'session' | 'direct-promo' | 'internet' {
  if (q.digitalSessionId) return 'session';
  return q.promo ? 'direct-promo' : 'internet';
}
