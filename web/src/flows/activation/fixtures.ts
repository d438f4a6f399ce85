import { content } from '../../testing/content';
import type { Activation, ActivationResult } from './api';
import { activationTexts, type ActivationContent } from './content';

/** The account being activated (16 digits) and its link's base64. */
export const ACCOUNT_ID = '8993100000000202';
export const ACCOUNT_B64 = btoa(ACCOUNT_ID);
export const PING_URL = '/sim/activation/ping';

/** The recorded activation texts (tests and stories). */
export const activationContent = {
  en: activationTexts(content.en.activation as ActivationContent),
  es: activationTexts(content.es.activation as ActivationContent),
};

const base = { next: 'steps', accountId: ACCOUNT_ID, van: false, deviceLocated: true, deviceMac: 'A4:B1:00:00:02:02', bhr: false, pingUrl: PING_URL } as const;

/** `getActivation` answers by situation (seed 001 §4 "Activation"). */
export const activations = {
  found: base,
  notLocated: { ...base, deviceLocated: false, deviceMac: undefined },
  van: { ...base, van: true },
  vanNotLocated: { ...base, van: true, deviceLocated: false, deviceMac: undefined },
  bhr: { ...base, bhr: true },
  error: { ...base, next: 'error', deviceLocated: false, deviceMac: undefined },
} satisfies Record<string, Activation>;

/** `activateAccount` answers. */
export const results = {
  success: { outcome: 'success', httpStatus: 200, restart: 'restarted' },
  failure: { outcome: 'failure', httpStatus: 200, restart: 'notAttempted' },
} satisfies Record<string, ActivationResult>;
