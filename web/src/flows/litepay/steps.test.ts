import { describe, expect, it } from 'vitest';
import { isComplete, isEnabled, lookupNotice, nextStep, toggle } from './steps';

const start = { located: false, card: false };
const located = { located: true, card: false };
const carded = { located: true, card: true };

describe('quick refill steps (seed 002 §2.11)', () => {
  it('step 1 is always open to press; step 2 once located; step 3 once step 2 is complete', () => {
    expect([isEnabled('find', start), isEnabled('payment', start), isEnabled('confirm', start)]).toEqual([true, false, false]);
    expect([isEnabled('payment', located), isEnabled('confirm', located)]).toEqual([true, false]);
    expect(isEnabled('confirm', carded)).toBe(true);
    expect([isComplete('find', carded), isComplete('payment', carded), isComplete('confirm', carded)]).toEqual([true, true, false]);
  });
  it('opening the open step closes it; another step opens; a disabled step does nothing', () => {
    expect(toggle('find', 'find', start)).toBeUndefined();
    expect(toggle(undefined, 'find', start)).toBe('find');
    expect(toggle('find', 'payment', located)).toBe('payment');
    expect(toggle('find', 'confirm', located)).toBe('find');
  });
  it("the sticky cart's Next opens the first step not complete", () => {
    expect([nextStep(start), nextStep(located), nextStep(carded)]).toEqual(['find', 'payment', 'confirm']);
  });
  it('lookup notices: found none; the cannot-locate one is "unfortunate" from the second miss in a row', () => {
    expect(lookupNotice('found', '', 0)).toEqual({ kind: 'none' });
    expect(lookupNotice('preactivated', 'm', 0)).toEqual({ kind: 'preactivated', message: 'm' });
    expect(lookupNotice('multipleAccounts', 'm', 0)).toEqual({ kind: 'multipleAccounts', message: 'm' });
    expect(lookupNotice('notLocated', 'm', 1)).toEqual({ kind: 'notLocated', message: 'm', unfortunate: false });
    expect(lookupNotice('notLocated', 'm', 2)).toEqual({ kind: 'notLocated', message: 'm', unfortunate: true });
  });
});
