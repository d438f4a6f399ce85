import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerSchema, filterLetters, formatDisplayTn, tnDigits } from './customerForm';
import { encodeLm, parseEntryQuery, parseLm } from './entry';
import { orderAttemptKey, pendingOrderAttempt, settleOrderAttempt } from './idempotency';
import { nextReloadStep } from './reloadCounter';

describe('phone formatter', () => {
  it('shows (XXX) XXX - XXXX and stores 10 digits', () => {
    expect(formatDisplayTn('2155551234')).toBe('(215) 555 - 1234');
    expect(formatDisplayTn('215')).toBe('(215');
    expect(formatDisplayTn('21555')).toBe('(215) 55');
    expect(tnDigits('(215) 555 - 1234')).toBe('2155551234');
  });
  it('keeps at most 10 digits, in order, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = formatDisplayTn(typed);
        const digits = typed.replace(/\D/g, '').slice(0, 10);
        expect(tnDigits(shown)).toBe(digits);
        expect(formatDisplayTn(shown)).toBe(shown);
        expect(shown.length).toBeLessThanOrEqual(16);
        if (digits.length === 10) expect(shown).toMatch(/^\(\d{3}\) \d{3} - \d{4}$/);
      }),
    );
  });
});

describe('letter filter', () => {
  it('keeps accented Latin letters, space, hyphen, apostrophe, colon', () => {
    expect(filterLetters("José María O'Neil-Ñúñez: Ü")).toBe("José María O'Neil-Ñúñez: Ü");
    expect(filterLetters('Ann3 <b>Smith</b>!_')).toBe('Ann bSmithb');
  });
  it('drops only other characters and is idempotent', () => {
    const allowed = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF '\-:]*$/;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (typed) => {
        const kept = filterLetters(typed);
        expect(kept).toMatch(allowed);
        expect(filterLetters(kept)).toBe(kept);
        // a subsequence of the input: nothing added or reordered
        let i = 0;
        for (const ch of typed) if (i < kept.length && ch === kept[i]) i++;
        expect(i).toBe(kept.length);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(allowed), (name) => {
        expect(filterLetters(name)).toBe(name);
      }),
    );
  });
});

describe('customer-info validation (seed 000 §5)', () => {
  const valid = {
    firstName: 'Ana',
    lastName: 'López',
    email: 'ana@example.com',
    confirmEmail: 'ana@example.com',
    displayTn: '(215) 555 - 1234',
  };
  const errors = (values: Partial<typeof valid>) => {
    const r = customerSchema.safeParse({ ...valid, ...values });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('accepts a complete form', () => expect(errors({})).toEqual({}));
  it('gives each field its message', () => {
    expect(errors({ firstName: '' })).toEqual({ firstName: 'firstNameMissing' });
    expect(errors({ lastName: ' ' })).toEqual({ lastName: 'lastNameMissing' });
    expect(errors({ email: 'ana@example' })).toMatchObject({ email: 'emailMissing' });
    expect(errors({ confirmEmail: '' })).toEqual({ confirmEmail: 'confirmEmailMissing' });
    expect(errors({ confirmEmail: 'ana@example.org' })).toEqual({ confirmEmail: 'emailMismatch' });
    expect(errors({ displayTn: '(215) 555 - 12' })).toEqual({ displayTn: 'phoneInvalid' });
  });
  it('enforces the max lengths', () => {
    expect(errors({ firstName: 'a'.repeat(71) })).toHaveProperty('firstName');
    expect(errors({ firstName: 'a'.repeat(70) })).toEqual({});
    expect(errors({ lastName: 'a'.repeat(41) })).toHaveProperty('lastName');
  });
});

describe('entry query', () => {
  it('reads lm, promo and digitalSessionId', () => {
    const lm = encodeLm('LOC123', '55');
    expect(parseEntryQuery(new URLSearchParams(`lm=${lm}&promo=true&digitalSessionId=DS1`))).toEqual({
      locationId: 'LOC123',
      marketId: '55',
      promo: true,
      digitalSessionId: 'DS1',
    });
    expect(parseLm('%%%')).toEqual({});
    expect(parseLm(null)).toEqual({});
  });
  it('round-trips any ids', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), fc.stringMatching(/^[0-9]{1,6}$/), (loc, market) => {
        expect(parseEntryQuery(new URLSearchParams(`lm=${encodeLm(loc, market)}`))).toMatchObject({ locationId: loc, marketId: market });
      }),
    );
  });
});

describe('idempotency key lifecycle', () => {
  it('one key per order attempt, kept until an answer arrives', () => {
    sessionStorage.clear();
    expect(pendingOrderAttempt()).toBeNull();
    const first = orderAttemptKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // a double click or a reload reuses it
    expect(orderAttemptKey()).toBe(first);
    expect(pendingOrderAttempt()).toBe(first);
    settleOrderAttempt();
    expect(pendingOrderAttempt()).toBeNull();
    const second = orderAttemptKey();
    expect(second).not.toBe(first);
  });
});

describe('reload counter steps', () => {
  it('30 s at the first error, 10 s from the second', () => {
    expect(nextReloadStep(0, true)).toEqual({ count: 1, redirect: false, resetAfterMs: 30_000 });
    expect(nextReloadStep(1, true)).toEqual({ count: 2, redirect: false, resetAfterMs: 10_000 });
  });
  it('redirects at 5 for a new customer, 7 for an existing one', () => {
    expect(nextReloadStep(3, true).redirect).toBe(false);
    expect(nextReloadStep(4, true).redirect).toBe(true);
    expect(nextReloadStep(4, false).redirect).toBe(false);
    expect(nextReloadStep(5, false).redirect).toBe(false);
    expect(nextReloadStep(6, false).redirect).toBe(true);
  });
});
