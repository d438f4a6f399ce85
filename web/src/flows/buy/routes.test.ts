import { describe, expect, it } from 'vitest';
import { maskWidth } from '../../components/ProgressBar';
import { pageStep, progressPercent } from '../../lib/flows';
import { buyHref, buyPage, buyPages, type BuyPageId } from './routes';

describe('the buy table against the seed', () => {
  // seed 000 §2, "Progress bar values"
  it.each<[BuyPageId, boolean, number]>([
    ['direct-promo', false, 20],
    ['internet', false, 20],
    ['session', false, 40],
    ['session', true, 50],
    ['customer-info', false, 60],
    ['order-details', false, 80],
    ['order-review', false, 80],
    ['order-confirmation', false, 100],
    ['error', false, 100],
    ['404', false, 100],
  ])('%s (returned %s) is %i', (id, returned, percent) => {
    expect(progressPercent(buyPage(id), returned)).toBe(percent);
    expect(maskWidth(percent)).toBe(100 - percent);
  });

  it('the entry shows no bar and is the flow index; payment and delivery tracks as payment-shipping', () => {
    expect(progressPercent(buyPage('entry'))).toBeUndefined();
    expect(buyHref('es', 'entry')).toBe('/es/buy');
    expect(buyHref('en', 'order-details')).toBe('/en/buy/order-details');
    expect(pageStep(buyPage('order-details'))).toBe('payment-shipping');
  });

  it('ids and paths are unique', () => {
    expect(new Set(buyPages.map((p) => p.id)).size).toBe(buyPages.length);
    expect(new Set(buyPages.map((p) => buyHref('en', p.id))).size).toBe(buyPages.length);
  });
});
