/**
 * What tests read from the scenario files (`scenarios/README.md`): the buy flow's input, and the
 * texts an `expect` names, resolved test-side (the app shows what the BFF and the content give
 * it; tests compute the text independently to check it). Pure: shared by the Storybook scenario
 * stories and the Playwright suite (`playwright/lib/`).
 */

/** What the customer enters in the buy flow (scenarios/README.md, "Buy flow"). */
export interface BuyInput {
  identity: string;
  customer?: { firstName?: string; lastName?: string; email?: string; phone?: string };
  card: string;
  expiry: string;
  cvv: string;
  billingZip?: string;
  acceptPromo?: boolean;
  autoRefill?: boolean;
  smsOptIn?: boolean;
  language?: 'ENGLISH' | 'SPANISH';
  attempts?: number;
  submit?: boolean;
}

/** A content text by key path such as `assignErrors.deviceCodeNotFound`. */
export function contentText(content: unknown, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => {
    if (node && typeof node === 'object' && key in node) return (node as Record<string, unknown>)[key];
    throw new Error(`content key ${path} not found at ${key}`);
  }, content);
  if (typeof value !== 'string') throw new Error(`content key ${path} is not a text`);
  return value;
}

/** The error catalogue of the buyflow content (seed 000 §8). */
export interface Catalogue {
  generic: string;
  customerCarePhone: string;
  groups: Array<{ codes: string[]; message: string; appendCode: boolean }>;
}

/**
 * The message a business code shows (seed 000 §8 lookup, as `bff/src/domain/error_catalogue.rs`
 * does it: the code as given, then `_` to `-`; a code in no group gets the generic message with
 * the customer-care number).
 */
export function catalogued(catalogue: Catalogue, code: string): { message: string; appendCode: boolean } {
  const group =
    catalogue.groups.find((g) => g.codes.includes(code)) ??
    catalogue.groups.find((g) => g.codes.includes(code.replaceAll('_', '-')));
  return group ?? { message: catalogue.generic.replace('{phone}', catalogue.customerCarePhone), appendCode: false };
}
