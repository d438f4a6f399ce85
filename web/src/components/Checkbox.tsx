import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox } from 'react-aria-components';

export function Checkbox({
  children,
  isSelected,
  onChange,
  isDisabled,
  testId,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (v: boolean) => void;
  isDisabled?: boolean;
  testId?: string;
}) {
  return (
    <AriaCheckbox className="checkbox" isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} data-testid={testId}>
      <span className="checkbox__box" aria-hidden="true" />
      <span>{children}</span>
    </AriaCheckbox>
  );
}
