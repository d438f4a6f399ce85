import type { Ref } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { maskPhoneInput, PHONE_INPUT_MAX } from '../../lib/phone';
import type { Handoff } from '../../lib/progressive';

/** The find-your-account form's values, as shown in its fields. */
export interface FindValues {
  phone: string;
  zip: string;
}

/** What the plain find form (`FindAccount`) hands to the real one (`FindForm`). */
export type FindHandoff = Handoff<FindValues>;

export const ZIP_MAX = 5;

interface FieldProps {
  label: string;
  value: string;
  /** The value as the field shows it: the phone masked, the zip its digits (seed 002 §5). */
  onChange: (value: string) => void;
  onBlur: () => void;
  onFocus?: () => void;
  isInvalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The billing phone (seed 002 §5): a telephone-type input, digits only (at most 10) shown
 * `(xxx) xxx - xxxx` as they are typed, field limit 16, with its hint. The plain form and the
 * real one draw it alike.
 */
export function PhoneField({ label, hint, onChange, inputRef, ...field }: FieldProps & { hint: string }) {
  return (
    <TextField
      className="field"
      name="phone"
      type="tel"
      {...field}
      onChange={(v) => onChange(maskPhoneInput(v))}
      maxLength={PHONE_INPUT_MAX}
      autoComplete="tel-national"
      isRequired
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      <Input ref={inputRef} className="field__input" inputMode="numeric" data-testid="phone" />
      <Text slot="description">{hint}</Text>
    </TextField>
  );
}

/** The zip (seed 002 §5): a telephone-type input, digits only, at most 5. */
export function ZipField({ label, onChange, inputRef, ...field }: FieldProps) {
  return (
    <TextField
      className="field"
      name="zip"
      type="tel"
      {...field}
      // `normalizeZip`'s rule (lib/address), not imported: that module would join the quick
      // refill's first load (measured +0.7 KB, and every route's chunks shift)
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, ZIP_MAX))}
      maxLength={ZIP_MAX}
      autoComplete="postal-code"
      isRequired
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      <Input ref={inputRef} className="field__input" inputMode="numeric" data-testid="zip" />
    </TextField>
  );
}
