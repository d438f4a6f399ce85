import { DisclosureGroup } from 'react-aria-components';
import type { Schemas } from '../api/client';
import { Collapsible } from './Collapsible';

/**
 * A FAQ accordion: each question is an h3 button that opens its answer.
 * `idPrefix` keeps the disclosure ids unique on the page.
 */
export function Faq({ items, idPrefix }: { items: Schemas['FaqItem'][]; idPrefix: string }) {
  return (
    <DisclosureGroup className="faq">
      {items.map((item, i) => (
        <Collapsible key={item.question} id={`${idPrefix}-${i}`} title={item.question} level={3}>
          <p>{item.answer}</p>
        </Collapsible>
      ))}
    </DisclosureGroup>
  );
}
