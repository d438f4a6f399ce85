import { api, call, type Schemas } from '../api/client';
import { getTrackingId } from './session';

/**
 * The address check shared by the retail starter-kit flow and the move entry (seed 000 §2
 * "addressCheck" and its move variant, §5): the typed address, the street suggestions and the
 * field normalisers. The stages that draw it are `components/address/`.
 */
export type AddressSuggestion = Schemas['AddressSuggestion'];
/** A matched address with its location (retail's `CustomerInfo`; the move's `MoveUnit` has the same shape). */
export type CustomerInfo = Schemas['CustomerInfo'];

export interface AddressInput {
  street: string;
  unit: string;
  zip: string;
}

export const EMPTY_ADDRESS: AddressInput = { street: '', unit: '', zip: '' };

export function searchAddresses(q: string, signal?: AbortSignal): Promise<Schemas['AddressSuggestions']> {
  return call('searchAddresses', () =>
    api.GET('/secure/api/v1/address/suggestions', {
      params: { query: { q, trackingId: getTrackingId() } },
      signal,
    }),
  );
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Zip: digits only, at most 5. */
export function normalizeZip(value: string): string {
  return digitsOnly(value).slice(0, 5);
}

/** Suggestions start when the text without spaces is longer than 1 character. */
export function shouldSuggest(text: string): boolean {
  return text.replace(/\s/g, '').length > 1;
}
