import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCart, getProductDetails, getPromotions, getTax, validateBuyServiceability, type Cart } from './api';
import { useBuyState } from './state';

export const buyKeys = {
  serviceability: (locationId?: string) => ['buy', 'serviceability', locationId] as const,
  productDetails: (marketId?: string) => ['buy', 'productDetails', marketId] as const,
  promotions: (marketId?: string, locationId?: string) => ['buy', 'promotions', marketId, locationId] as const,
  cart: ['buy', 'cart'] as const,
  tax: ['buy', 'tax'] as const,
  paymentId: ['buy', 'paymentId'] as const,
  cardEntry: (locale: string) => ['buy', 'cardEntry', locale] as const,
};

const once = { staleTime: Infinity, retry: false } as const;

/**
 * The buy shell's rules (seed 000 §2): validate serviceability (source CP) when a location id
 * exists; fetch product details and promotions once it has answered: the BFF prices the
 * market that answer named, never one the browser sends (issue 9). The BFF keeps the answers
 * in its order context; these queries show them.
 */
export function useBuyContext() {
  const { locationId, marketId, setLocation } = useBuyState();
  const serviceability = useQuery({
    queryKey: buyKeys.serviceability(locationId),
    queryFn: () => validateBuyServiceability(locationId!),
    enabled: Boolean(locationId),
    ...once,
  });
  // the serviceability answer names the market when the link did not
  const servedMarket = serviceability.data?.marketId;
  useEffect(() => {
    if (servedMarket && !marketId) setLocation({ marketId: servedMarket });
  }, [servedMarket, marketId, setLocation]);
  const served = serviceability.isSuccess;
  const productDetails = useQuery({
    queryKey: buyKeys.productDetails(servedMarket),
    queryFn: getProductDetails,
    enabled: served,
    ...once,
  });
  const promotions = useQuery({
    queryKey: buyKeys.promotions(servedMarket, locationId),
    queryFn: getPromotions,
    enabled: served,
    ...once,
  });
  return { serviceability, productDetails, promotions, locationId, marketId };
}

/** The BFF's cart, once product details are known (it changes with `updateCart` and `getTax`). */
export function useCart() {
  const { productDetails } = useBuyContext();
  return useQuery({ queryKey: buyKeys.cart, queryFn: getCart, enabled: productDetails.isSuccess, ...once });
}

/** Tax of the stored cart, when serviceability and product details are loaded; updates the cart. */
export function useTax(enabled = true) {
  const { serviceability, productDetails } = useBuyContext();
  const client = useQueryClient();
  const tax = useQuery({
    queryKey: buyKeys.tax,
    queryFn: getTax,
    enabled: enabled && serviceability.isSuccess && productDetails.isSuccess,
    ...once,
  });
  useEffect(() => {
    if (tax.data) client.setQueryData<Cart>(buyKeys.cart, tax.data.cart);
  }, [tax.data, client]);
  return tax;
}
