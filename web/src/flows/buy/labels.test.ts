import { describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import type { BuyContent } from './content';
import { cardTypeName, itemName, shippingMethodName, type CatalogueTexts } from './labels';

// the recorded content bundles (what the BFF serves)
const en = content.en.buyflow as unknown as BuyContent;
const es = content.es.buyflow as unknown as BuyContent;

const bundles: Array<[string, CatalogueTexts]> = [
  ['en', en.catalogue],
  ['es', es.catalogue],
];

describe('card type names (seed 000 §3 card type map)', () => {
  it.each(bundles)('names every stored type as customers know it [%s]', (_, texts) => {
    expect(cardTypeName('Visa', texts.cardTypes)).toBe('Visa');
    expect(cardTypeName('MASTER_CARD', texts.cardTypes)).toBe('Mastercard');
    expect(cardTypeName('Discover', texts.cardTypes)).toBe('Discover');
    expect(cardTypeName('AMERICAN_EXPRESS', texts.cardTypes)).toBe('American Express');
  });
  it('an unknown type gets the generic name of the language, never its code', () => {
    expect(cardTypeName('OTHER', en.catalogue.cardTypes)).toBe(en.catalogue.cardTypes.other);
    expect(cardTypeName('diners-club', es.catalogue.cardTypes)).toBe(es.catalogue.cardTypes.other);
  });
});

describe('cart item and shipping names', () => {
  const plan = { productCode: 'ECO-HSD-030', name: '30 Days', lob: 'HSD', price: 45, kind: 'plan' as const };
  const promo = { productCode: 'ECO-HSD-030', name: 'P_NEWCUST35OFF_0126', lob: 'HSD', price: -35, kind: 'promo' as const };
  it('names plans and promotions from content in the language', () => {
    expect(itemName(plan, es.catalogue)).toBe('30 días');
    expect(itemName(plan, en.catalogue)).toBe('30 days');
    expect(itemName(promo, es.catalogue)).not.toContain('P_');
    expect(itemName(promo, es.catalogue)).toBe(es.catalogue.promotions[0]?.text);
  });
  it('a promotion content does not name shows the fallback, never its id', () => {
    expect(itemName({ ...promo, name: 'P_OTHER_0101' }, es.catalogue)).toBe(es.catalogue.promotionFallback);
  });
  it('a plan content does not name keeps the catalogue text', () => {
    expect(itemName({ ...plan, productCode: 'ECO-HSD-090', name: '90 Days' }, en.catalogue)).toBe('90 Days');
  });
  it('names the shipping method by its code', () => {
    const shipping = { code: 'STD', rate: 0, description: 'Free standard shipping, 3-5 business days', free: true };
    expect(shippingMethodName(shipping, es.catalogue)).toMatch(/^Envío estándar/);
    expect(shippingMethodName({ ...shipping, code: 'EXP' }, es.catalogue)).toBe(es.catalogue.shippingFallback);
  });
});
