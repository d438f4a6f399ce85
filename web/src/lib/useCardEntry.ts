import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The card-entry component's window-message protocol (`simulators/src/card_entry.rs`):
 * every message is `{ action, data }`.
 */
export type CardEntryAction =
  | 'CPC_CONFIG_READY'
  | 'CPC_CONFIG_SUBMIT'
  | 'CPC_FORM_SUBMIT'
  | 'CPC_FORM_SUBMIT_RESPONSE'
  | 'CPC_FORM_PROCESSING'
  | 'CPC_ERROR'
  | 'CPC_PAGE_RESIZE'
  | 'CPC_INFO_EVENT';

export interface CardDetails {
  token: string;
  expirationDate: string;
  cardType: string;
  cardLast4Digits: string;
}

export interface PaymentInfo {
  firstName: string;
  lastName: string;
  address: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
}

/** `CPC_FORM_SUBMIT_RESPONSE` data with status SUCCESS. */
export interface CardSubmitResponse {
  status: string;
  submissionDetails?: { cpcStatus?: string };
  cpcData?: {
    cardDetails: CardDetails;
    customerId?: string;
    customerDetails?: { firstName: string; lastName: string };
  };
  paymentInfo?: PaymentInfo;
}

export type CardEntryStatus = 'loading' | 'ready' | 'processing' | 'error';

export const CARD_ENTRY_HEIGHT = 880;

export interface CardEntryOptions {
  iframe: RefObject<HTMLIFrameElement | null>;
  /** The component's URL; its origin is the only one messages are accepted from. */
  iframeUrl: string | undefined;
  /** Sent with CPC_CONFIG_SUBMIT when the component says CPC_CONFIG_READY. */
  config: unknown;
  /** A submit response with status SUCCESS and card details. */
  onToken: (response: CardSubmitResponse & { cpcData: NonNullable<CardSubmitResponse['cpcData']> }) => void;
  /** A system error of the component (not a field validation error). */
  onSystemError?: (detail: string) => void;
}

export interface CardEntry {
  status: CardEntryStatus;
  /** From `CPC_INFO_EVENT` FORM_VALIDITY. */
  formValid: boolean;
  height: number;
  /** The portal's Next: asks the component to submit (CPC_FORM_SUBMIT). */
  submit: () => void;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return undefined;
  }
}

function isMessage(data: unknown): data is { action: CardEntryAction; data?: Record<string, unknown> } {
  return Boolean(data && typeof data === 'object' && typeof (data as { action?: unknown }).action === 'string');
}

/** Speaks the card-entry protocol with the iframe; messages from any other origin are ignored. */
export function useCardEntry({ iframe, iframeUrl, config, onToken, onSystemError }: CardEntryOptions): CardEntry {
  const [status, setStatus] = useState<CardEntryStatus>('loading');
  const [formValid, setFormValid] = useState(false);
  const [height, setHeight] = useState(CARD_ENTRY_HEIGHT);
  const origin = originOf(iframeUrl);
  const latest = useRef({ config, onToken, onSystemError });
  useEffect(() => {
    latest.current = { config, onToken, onSystemError };
  });

  const post = useCallback(
    (action: CardEntryAction, data: unknown = {}) => {
      const target = iframe.current?.contentWindow;
      if (target && origin) target.postMessage({ action, data }, origin);
    },
    [iframe, origin],
  );

  // Listening from the commit that inserts the iframe (a layout effect), not from a passive
  // effect: the component says CPC_CONFIG_READY once, as soon as it has loaded, and on a busy
  // machine a cached frame loaded before passive effects ran, so the page never configured it
  // and its Next stayed disabled (seen in the Playwright language-switch walk under load).
  useLayoutEffect(() => {
    if (!origin) return;
    const listener = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const own = iframe.current?.contentWindow;
      if (own && event.source && event.source !== own) return;
      if (!isMessage(event.data)) return;
      const data = event.data.data ?? {};
      switch (event.data.action) {
        case 'CPC_CONFIG_READY':
          post('CPC_CONFIG_SUBMIT', latest.current.config);
          break;
        case 'CPC_FORM_PROCESSING':
          setStatus('processing');
          break;
        case 'CPC_FORM_SUBMIT_RESPONSE': {
          const response = data as unknown as CardSubmitResponse;
          if (response.status === 'SUCCESS' && response.cpcData?.cardDetails) {
            setStatus('ready');
            latest.current.onToken(response as Parameters<CardEntryOptions['onToken']>[0]);
          } else {
            setStatus('ready');
          }
          break;
        }
        case 'CPC_ERROR':
          if (data.type === 'form') {
            setFormValid(false);
            setStatus('ready');
          } else {
            setStatus('error');
            latest.current.onSystemError?.(String(data.messageDetail ?? ''));
          }
          break;
        case 'CPC_PAGE_RESIZE': {
          const h = Number(data.height);
          if (Number.isFinite(h) && h > 0) setHeight(Math.max(CARD_ENTRY_HEIGHT, Math.round(h)));
          break;
        }
        case 'CPC_INFO_EVENT':
          if (data.event === 'FORM_READY') setStatus('ready');
          if (data.event === 'FORM_VALIDITY') setFormValid(data.valid === true);
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, iframe, post]);

  const submit = useCallback(() => post('CPC_FORM_SUBMIT'), [post]);
  return { status, formValid, height, submit };
}
