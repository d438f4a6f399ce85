import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { KEYS, readSession, writeSession } from './storage';

/**
 * What the browser keeps of the buy flow: the location and market ids (sessionStorage, seed
 * 000 §3), the banner notification and whether a load screen shows. Everything else (cart,
 * promotions, tax, customer, order) is the BFF's, read through TanStack Query.
 */
export interface BuyState {
  locationId?: string;
  marketId?: string;
  setLocation: (ids: { locationId?: string; marketId?: string }) => void;
  /** The warning banner's text (seed 000 §2), closable. */
  notification?: string;
  setNotification: (message: string | undefined) => void;
  /** A load screen is up: the progress bar hides (seed 000 §2). */
  loadScreen: boolean;
  setLoadScreen: (on: boolean) => void;
}

const BuyStateContext = createContext<BuyState | null>(null);

export function BuyStateProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState(() => ({
    locationId: readSession(KEYS.locationId) ?? undefined,
    marketId: readSession(KEYS.marketId) ?? undefined,
  }));
  const [notification, setNotification] = useState<string>();
  const [loadScreen, setLoadScreen] = useState(false);

  const setLocation = useCallback((next: { locationId?: string; marketId?: string }) => {
    setIds((prev) => {
      const merged = { locationId: next.locationId ?? prev.locationId, marketId: next.marketId ?? prev.marketId };
      if (merged.locationId) writeSession(KEYS.locationId, merged.locationId);
      if (merged.marketId) writeSession(KEYS.marketId, merged.marketId);
      return merged.locationId === prev.locationId && merged.marketId === prev.marketId ? prev : merged;
    });
  }, []);

  const value = useMemo<BuyState>(
    () => ({ ...ids, setLocation, notification, setNotification, loadScreen, setLoadScreen }),
    [ids, setLocation, notification, loadScreen],
  );
  return <BuyStateContext.Provider value={value}>{children}</BuyStateContext.Provider>;
}

export function useBuyState(): BuyState {
  const state = useContext(BuyStateContext);
  if (!state) throw new Error('useBuyState outside BuyStateProvider');
  return state;
}
