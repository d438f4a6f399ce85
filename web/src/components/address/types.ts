import type { MerchantFlow } from '../../content/hooks';
import type { AddressInput } from '../../lib/address';
import type { Handoff } from '../../lib/progressive';

/** The address check's props (`AddressCheck`, and the form it loads, `AddressForm`). */
export interface AddressCheckProps {
  content: MerchantFlow['addressCheck'];
  defaultValues: AddressInput;
  /** `retail`: the starter-kit check; `move`: the move's headings; `buy`: the buy flow's start (no starter kit). */
  variant?: 'retail' | 'move' | 'buy';
  onSubmit: (input: AddressInput) => void;
}

/** What the plain form hands to the real one when it takes its place (the left fields' messages show at once). */
export interface FormHandoff extends Handoff<AddressInput> {
  /** The street was typed here (its suggestions show once the form is there). */
  typed: boolean;
}
