/** Seed 001 §5: a MAC address is 12 hex digits shown as `XX:XX:XX:XX:XX:XX`, 17 characters. */
export const MAC_LENGTH = 17;

/** Seed 001 §5: the field's placeholder example. */
export const MAC_PLACEHOLDER = '12:34:56:78:90:AB';

/**
 * The MAC field's text as typed (seed 001 §5): upper-cased, every non-hex character stripped,
 * a colon after every two digits, cut at 17 characters (12 digits).
 */
export function formatMac(typed: string): string {
  const hex = typed.toUpperCase().replace(/[^0-9A-F]/g, '').slice(0, 12);
  return (hex.match(/.{1,2}/g) ?? []).join(':').slice(0, MAC_LENGTH);
}

/** Submit is enabled only at 17 characters (seed 001 §5). */
export function macComplete(formatted: string): boolean {
  return formatted.length === MAC_LENGTH;
}
