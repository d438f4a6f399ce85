import { z } from 'zod/mini';

/** Customer-info form rules (seed 000 §5). */
export const LIMITS = { firstName: 70, lastName: 40, email: 300, confirmEmail: 300, displayTn: 16 } as const;

/**
 * Keeps letters (including accented Latin letters), spaces, hyphen, apostrophe and colon as
 * typed; drops everything else.
 */
export function filterLetters(value: string): string {
  return value.replace(/[^A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF '\-:]/g, '');
}

export function tnDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 10);
}

/** At most 10 digits, shown progressively as `(XXX) XXX - XXXX`. */
export function formatDisplayTn(value: string): string {
  const d = tnDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)} - ${d.slice(6)}`;
}

/** Basic pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keys of the per-field messages in content (`customerInfo.messages`). */
export type CustomerMessageKey =
  | 'firstNameMissing'
  | 'lastNameMissing'
  | 'emailMissing'
  | 'confirmEmailMissing'
  | 'emailMismatch'
  | 'phoneInvalid';

export const customerSchema = z
  .object({
    firstName: z.string().check(z.trim(), z.minLength(1, 'firstNameMissing'), z.maxLength(LIMITS.firstName, 'firstNameMissing')),
    lastName: z.string().check(z.trim(), z.minLength(1, 'lastNameMissing'), z.maxLength(LIMITS.lastName, 'lastNameMissing')),
    email: z.string().check(z.trim(), z.maxLength(LIMITS.email, 'emailMissing'), z.regex(EMAIL_PATTERN, 'emailMissing')),
    confirmEmail: z
      .string()
      .check(z.trim(), z.maxLength(LIMITS.confirmEmail, 'confirmEmailMissing'), z.regex(EMAIL_PATTERN, 'confirmEmailMissing')),
    displayTn: z.string().check(z.refine((v) => tnDigits(v).length === 10, 'phoneInvalid')),
  })
  .check(
    z.refine((v) => v.email.trim() === v.confirmEmail.trim() || !EMAIL_PATTERN.test(v.confirmEmail.trim()), {
      path: ['confirmEmail'],
      message: 'emailMismatch',
    }),
  );

export type CustomerForm = z.infer<typeof customerSchema>;
