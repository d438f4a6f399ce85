import type { MerchantFlow } from '../../content/hooks';
import type { AddressInput } from '../../lib/address';

/** The address check's props (`AddressCheck`, and the form it loads, `AddressForm`). */
export interface AddressCheckProps {
  content: MerchantFlow['addressCheck'];
  defaultValues: AddressInput;
  variant?: 'retail' | 'move';
  onSubmit: (input: AddressInput) => void;
}

/** What the plain form hands to the real one when it takes its place. */
export interface FormHandoff {
  values: AddressInput;
  /** Fields the customer left (their messages show at once). */
  left: (keyof AddressInput)[];
  /** The street was typed here (its suggestions show once the form is there). */
  typed: boolean;
  /** The field with the focus and its caret, if one had it. */
  focus: { name: keyof AddressInput; start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' } | null;
}
