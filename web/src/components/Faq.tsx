import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import type { Schemas } from '../api/client';

/**
 * A FAQ accordion (react-aria Disclosure): each question is an h3 button that opens its answer.
 * `idPrefix` keeps the disclosure ids unique on the page.
 */
export function Faq({ items, idPrefix }: { items: Schemas['FaqItem'][]; idPrefix: string }) {
  return (
    <DisclosureGroup className="faq">
      {items.map((item, i) => (
        <Disclosure key={item.question} id={`${idPrefix}-${i}`} className="faq__item">
          <Heading level={3} className="faq__question">
            <Button slot="trigger" className="faq__trigger">
              <span className="faq__chevron" aria-hidden="true" />
              {item.question}
            </Button>
          </Heading>
          <DisclosurePanel className="faq__answer">
            <p>{item.answer}</p>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
