/** A 10-digit US phone number as `###-###-####` (seed 001 §2 "Account info card"); anything else as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
