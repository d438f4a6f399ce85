/** Input normalisers of the retail forms (seed 000 §5). */

import { digitsOnly } from '../../lib/address';
export { digitsOnly, normalizeZip, shouldSuggest } from '../../lib/address';

/** Device code: stripped to digits and cut to 6. */
export function normalizeDeviceCode(value: string): string {
  return digitsOnly(value).slice(0, 6);
}

export function isValidDeviceCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}


export function isValidZip(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** Phone as typed: at most 10 digits, shown progressively as `(xxx) xxx-xxxx`. */
export function formatPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The digits sent to the BFF. */
export function phoneDigits(value: string): string {
  return digitsOnly(value).slice(0, 10);
}

/** US 10-digit (NANP) number: area code and exchange do not start with 0 or 1. */
export function isValidUsPhone(value: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(phoneDigits(value)) && digitsOnly(value).length === 10;
}
