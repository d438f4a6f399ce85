import { describe, expect, it } from 'vitest';
import contentJson from './recordings/content.json';
import type { Buyflow, Dictionary, MerchantFlow } from './hooks';

/** JSON `null` read as an absent optional field (the BFF sends `null` for `Option::None`). */
type NoNull<T> = T extends null ? undefined : T extends (infer U)[] ? NoNull<U>[] : T extends object ? { [K in keyof T]: NoNull<T[K]> } : T;

function dropNulls<T>(value: T): NoNull<T> {
  if (Array.isArray(value)) return value.map(dropNulls) as NoNull<T>;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, dropNulls(v)])) as NoNull<T>;
  }
  return value as NoNull<T>;
}

// Type-level check: the content recording has the generated content types' shape.
const typed: Record<'en' | 'es', { merchantFlow: MerchantFlow; dictionary: Dictionary; buyflow: Buyflow }> = dropNulls(contentJson);

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  }
  return typeof value;
}

describe('content recording', () => {
  it('has the same keys in English and Spanish', () => {
    // the static broadband label is Spanish only (English has the plan-tier widget), in the
    // buy flow's bundle and the quick refill's section
    const withoutLabel = (l: 'en' | 'es') => {
      const copy = structuredClone(typed[l]) as typeof typed.en & { accountDashboard?: { litepay?: { broadbandLabel: { staticLabel?: unknown } } } };
      delete (copy.buyflow.broadbandLabel as { staticLabel?: unknown }).staticLabel;
      delete copy.accountDashboard?.litepay?.broadbandLabel.staticLabel;
      return copy;
    };
    expect(shape(withoutLabel('es'))).toEqual(shape(withoutLabel('en')));
    expect(typed.es.buyflow.broadbandLabel.staticLabel).toBeTruthy();
    expect(typed.en.buyflow.broadbandLabel.staticLabel ?? null).toBeNull();
  });
  it('has five footer links', () => {
    expect(typed.en.buyflow.buyflowFooter.links).toHaveLength(5);
  });
});
