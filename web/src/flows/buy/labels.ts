import type { Cart, CardSummary } from './api';
import type { BuyContent } from './content';

/**
 * What the provider answers in English or only as a code, named from the page's content
 * (`buyflow.catalogue`, en/es): the page never shows the catalogue's English, a promotion id or
 * the card-entry component's spelling of a card type.
 */
export type CatalogueTexts = BuyContent['catalogue'];
export type CardType = CardSummary['cardType'];
type CartItem = Cart['items'][number];
type Shipping = NonNullable<Cart['shipping']>;

const byCode = (list: CatalogueTexts['plans'], code: string) => list.find((c) => c.code === code)?.text;

/** The contract's card type (seed 000 §3 card type map) as customers know it. */
const CARD_TYPE_KEY: Record<CardType, keyof CatalogueTexts['cardTypes']> = {
  Visa: 'visa',
  MASTER_CARD: 'masterCard',
  Discover: 'discover',
  AMERICAN_EXPRESS: 'americanExpress',
  OTHER: 'other',
};

export function cardTypeName(type: CardType | string, names: CatalogueTexts['cardTypes']): string {
  const key = (CARD_TYPE_KEY as Record<string, keyof CatalogueTexts['cardTypes'] | undefined>)[type];
  return names[key ?? 'other'];
}

/**
 * A cart item's name: a plan by its charge code (the catalogue's text when content lacks it), a
 * promotion by its id (content's fallback when content lacks it: never the id).
 */
export function itemName(item: CartItem, texts: CatalogueTexts): string {
  if (item.kind === 'promo') return byCode(texts.promotions, item.name) ?? texts.promotionFallback;
  return byCode(texts.plans, item.productCode) ?? item.name;
}

/** The shipping method by its code (content's fallback when content lacks it). */
export function shippingMethodName(shipping: Shipping, texts: CatalogueTexts): string {
  return byCode(texts.shippingMethods, shipping.code) ?? texts.shippingFallback;
}
