import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';

/** A section that opens and closes (react-aria Disclosure): a heading button with a chevron over its panel. */
export function Collapsible({
  title,
  level,
  id,
  testId,
  children,
}: {
  title: ReactNode;
  level: 2 | 3;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Disclosure id={id} className="faq__item" data-testid={testId}>
      <Heading level={level} className="faq__question">
        <Button slot="trigger" className="faq__trigger">
          <span className="faq__chevron" aria-hidden="true" />
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="faq__answer">{children}</DisclosurePanel>
    </Disclosure>
  );
}
