import { describe, expect, it } from 'vitest';
import contentJson from './recordings/content.json';
import type { Buyflow, Dictionary, MerchantFlow } from './hooks';

// Type-level check: the content recording has the generated content types' shape.
const typed: Record<'en' | 'es', { merchantFlow: MerchantFlow; dictionary: Dictionary; buyflow: Buyflow }> = contentJson;

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  }
  return typeof value;
}

describe('content recording', () => {
  it('has the same keys in English and Spanish', () => {
    expect(shape(typed.es)).toEqual(shape(typed.en));
  });
  it('has five footer links', () => {
    expect(typed.en.buyflow.buyflowFooter.links).toHaveLength(5);
  });
});
