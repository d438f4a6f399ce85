import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCardEntry, type CardEntryOptions } from '../../lib/useCardEntry';
import { readReloadCount, usePaymentErrors } from './reloadCounter';

const IFRAME_URL = 'https://cards.example.test/card-entry?lang=en';
const ORIGIN = 'https://cards.example.test';

function setup(overrides: Partial<CardEntryOptions> = {}) {
  const postMessage = vi.fn();
  const iframe = { current: { contentWindow: { postMessage } } as unknown as HTMLIFrameElement };
  const onToken = vi.fn();
  const onSystemError = vi.fn();
  const config = { channelDetails: { channelName: 'PREPAID_LITE' } };
  const hook = renderHook(() =>
    useCardEntry({ iframe, iframeUrl: IFRAME_URL, config, onToken, onSystemError, ...overrides }),
  );
  const send = (action: string, data: unknown = {}, origin = ORIGIN) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin, data: { action, data } }));
    });
  return { hook, postMessage, onToken, onSystemError, config, send };
}

const success = {
  status: 'SUCCESS',
  submissionDetails: { cpcStatus: 'SUCCESS' },
  cpcData: {
    cardDetails: { token: 'tok-1', expirationDate: '1230', cardType: 'visa', cardLast4Digits: '1111' },
    customerId: '',
    customerDetails: { firstName: 'Ana', lastName: 'López' },
  },
  paymentInfo: { firstName: 'Ana', lastName: 'López', address: '1 Main St', addressLine2: '', city: 'Phila', state: 'PA', zipCode: '19103' },
};

describe('useCardEntry (window-message protocol)', () => {
  it('answers CPC_CONFIG_READY with CPC_CONFIG_SUBMIT to the iframe origin', () => {
    const { postMessage, config, send } = setup();
    send('CPC_CONFIG_READY');
    expect(postMessage).toHaveBeenCalledWith({ action: 'CPC_CONFIG_SUBMIT', data: config }, ORIGIN);
  });

  it('ignores messages from another origin', () => {
    const { hook, postMessage, onToken, send } = setup();
    send('CPC_CONFIG_READY', {}, 'https://evil.example');
    send('CPC_FORM_SUBMIT_RESPONSE', success, 'https://evil.example');
    send('CPC_INFO_EVENT', { event: 'FORM_VALIDITY', valid: true }, 'https://evil.example');
    send('CPC_PAGE_RESIZE', { height: 1200 }, 'https://evil.example');
    expect(postMessage).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
    expect(hook.result.current.formValid).toBe(false);
    expect(hook.result.current.height).toBe(880);
  });

  it('ignores messages that are not protocol messages', () => {
    const { hook } = setup();
    act(() => window.dispatchEvent(new MessageEvent('message', { origin: ORIGIN, data: 'hello' })));
    expect(hook.result.current.status).toBe('loading');
  });

  it('follows FORM_READY, FORM_VALIDITY, CPC_FORM_PROCESSING and CPC_PAGE_RESIZE', () => {
    const { hook, send } = setup();
    expect(hook.result.current).toMatchObject({ status: 'loading', formValid: false, height: 880 });
    send('CPC_INFO_EVENT', { event: 'FORM_READY' });
    expect(hook.result.current.status).toBe('ready');
    send('CPC_INFO_EVENT', { event: 'FORM_VALIDITY', valid: true });
    expect(hook.result.current.formValid).toBe(true);
    send('CPC_PAGE_RESIZE', { height: 1012 });
    expect(hook.result.current.height).toBe(1012);
    send('CPC_PAGE_RESIZE', { height: 300 });
    expect(hook.result.current.height).toBe(880);
    send('CPC_FORM_PROCESSING');
    expect(hook.result.current.status).toBe('processing');
  });

  it('submit posts CPC_FORM_SUBMIT; a SUCCESS response passes the token on', () => {
    const { hook, postMessage, onToken, send } = setup();
    act(() => hook.result.current.submit());
    expect(postMessage).toHaveBeenCalledWith({ action: 'CPC_FORM_SUBMIT', data: {} }, ORIGIN);
    send('CPC_FORM_SUBMIT_RESPONSE', success);
    expect(onToken).toHaveBeenCalledWith(success);
    expect(hook.result.current.status).toBe('ready');
  });

  it('any other response status resets without a token', () => {
    const { hook, onToken, send } = setup();
    send('CPC_FORM_PROCESSING');
    send('CPC_FORM_SUBMIT_RESPONSE', { status: 'ERROR', submissionDetails: { cpcStatus: 'ERROR' } });
    expect(onToken).not.toHaveBeenCalled();
    expect(hook.result.current.status).toBe('ready');
  });

  it('CPC_ERROR: form errors mark the form invalid; system errors are reported', () => {
    const { hook, onSystemError, send } = setup();
    send('CPC_INFO_EVENT', { event: 'FORM_VALIDITY', valid: true });
    send('CPC_ERROR', { type: 'form', errors: [{ field: 'cvv', message: 'x' }] });
    expect(hook.result.current.formValid).toBe(false);
    expect(onSystemError).not.toHaveBeenCalled();
    send('CPC_ERROR', { type: 'system', messageDetail: 'tokenize answered 500' });
    expect(onSystemError).toHaveBeenCalledWith('tokenize answered 500');
    expect(hook.result.current.status).toBe('error');
  });

  it('does nothing without an iframe URL', () => {
    const { postMessage, send } = setup({ iframeUrl: undefined });
    send('CPC_CONFIG_READY');
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('usePaymentErrors (reload counter timing)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the message for 30 s at the first error, then 10 s; counts in sessionStorage', () => {
    const onReset = vi.fn();
    const onRedirect = vi.fn();
    const { result } = renderHook(() => usePaymentErrors({ isNewCustomer: true, onRedirect, onReset }));
    act(() => result.current.report('Card declined'));
    expect(result.current.message).toBe('Card declined');
    expect(sessionStorage.getItem('errorReloadCount')).toBe('1');
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current.message).toBe('Card declined');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeUndefined();
    expect(onReset).toHaveBeenCalledTimes(1);

    act(() => result.current.report('Again'));
    expect(readReloadCount()).toBe(2);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.message).toBe('Again');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeUndefined();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('sends a new customer away at the 5th error, an existing one at the 7th', () => {
    for (const [isNewCustomer, limit] of [
      [true, 5],
      [false, 7],
    ] as const) {
      sessionStorage.clear();
      const onRedirect = vi.fn();
      const { result, unmount } = renderHook(() => usePaymentErrors({ isNewCustomer, onRedirect }));
      for (let i = 1; i < limit; i++) act(() => result.current.report(`e${i}`));
      expect(onRedirect).not.toHaveBeenCalled();
      act(() => result.current.report('last'));
      expect(onRedirect).toHaveBeenCalledTimes(1);
      expect(readReloadCount()).toBe(limit);
      unmount();
    }
  });

  it('the count survives a reload (a new hook reads sessionStorage)', () => {
    sessionStorage.setItem('errorReloadCount', '4');
    const onRedirect = vi.fn();
    const { result } = renderHook(() => usePaymentErrors({ isNewCustomer: true, onRedirect }));
    act(() => result.current.report('x'));
    expect(onRedirect).toHaveBeenCalled();
  });
});
