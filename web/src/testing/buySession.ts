import type { Recording } from './recordings';
import { parseLm } from '../flows/buy/entry';
import { KEYS, writeJson, writeSession } from '../flows/buy/storage';

/**
 * How far the browser storage of a story or test has come:
 * `none` nothing; `context` location and market ids; `restored` plus an incomplete restored
 * session; `customer` plus the saved customer; `card` plus the added card; `order` plus the
 * placed order. Values are the recording's BFF answers.
 */
export type BuySeed = 'none' | 'context' | 'restored' | 'customer' | 'card' | 'order';

const ORDER: BuySeed[] = ['none', 'context', 'restored', 'customer', 'card', 'order'];

export const RESTORE_PATH = '/secure/session';
export const CUSTOMER_PATH = '/secure/api/v1/customer';
export const INSTRUMENT_PATH = '/secure/payment-service/add-secure-prepaid-payment-instrument';
export const SUBMIT_PATH = '/secure/api/v1/PinlessActivation/prepaid-customer-activation';

function answer(recording: Recording, method: string, path: string): Record<string, unknown> | undefined {
  const e = recording.exchanges.find((x) => x.method === method && x.path === path && x.status === 200);
  return e?.body as Record<string, unknown> | undefined;
}

export function seedBuySession(seed: BuySeed, recording: Recording): void {
  sessionStorage.clear();
  const at = ORDER.indexOf(seed);
  const ids = parseLm(new URL(recording.scenario.start, 'http://x').searchParams.get('lm'));
  if (at >= 1 && ids.locationId && ids.marketId) {
    writeSession(KEYS.locationId, ids.locationId);
    writeSession(KEYS.marketId, ids.marketId);
  }
  if (at >= 2) {
    const restored = answer(recording, 'GET', RESTORE_PATH);
    if (restored) writeJson(KEYS.restored, { ...restored, complete: false });
  }
  if (at >= 3) {
    const customer = answer(recording, 'PUT', CUSTOMER_PATH);
    if (customer) writeJson(KEYS.customer, { ...customer, confirmEmail: customer.email });
  }
  if (at >= 4) {
    const added = answer(recording, 'POST', INSTRUMENT_PATH);
    if (added?.card) writeJson(KEYS.card, added.card);
  }
  if (at >= 5) {
    const order = answer(recording, 'POST', SUBMIT_PATH);
    if (order) writeJson(KEYS.order, order);
  }
}
