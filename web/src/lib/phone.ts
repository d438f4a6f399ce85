/** A 10-digit US phone number as `###-###-####` (seed 001 §2 "Account info card"); anything else as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** The phone input's limit (seed 002 §5 "Quick refill step 1"): 16 characters, `(xxx) xxx - xxxx`. */
export const PHONE_INPUT_MAX = 16;

/** The digits of a typed phone number, at most 10 (seed 002 §5: digits only, max 10). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 10);
}

/**
 * A typed phone number shown as `(xxx) xxx - xxxx` while it is typed (seed 002 §5): the
 * digits only, at most 10, the mask growing with them.
 */
export function maskPhoneInput(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)} - ${d.slice(6)}`;
}
