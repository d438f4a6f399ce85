import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { lastFailureReference } from '../../../lib/failureReference';
import { NotFound } from '../../../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import type { BuyPageProps } from '../routes';

/**
 * `/{locale}/buy/error`: title, text and a way back, from content; the reference of the failure
 * that led here (the BFF's request id), for the customer to give support.
 */
export function BuyErrorPage({ content, page }: BuyPageProps) {
  const panel = content.errorPage;
  const [reference] = useState(() => lastFailureReference());
  return (
    <section className="page-message card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{panel.title}</title>
      <PageHeading>{panel.title}</PageHeading>
      <p>{panel.description}</p>
      {reference && (
        <p className="failure-reference" data-testid="failure-reference">
          {content.errorCatalogue.codeLabel}: <span translate="no">{reference}</span>
        </p>
      )}
      <p>
        <ButtonLink to={panel.backUrl}>{panel.backLabel}</ButtonLink>
      </p>
    </section>
  );
}

/** `/{locale}/buy/404` and every unknown path below `/{locale}/buy`: animation and content text. */
export function BuyNotFoundPage({ content, page }: BuyPageProps) {
  return (
    <section className="page-message card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{content.notFound.title}</title>
      <NotFound content={content.notFound} heading={(t) => <PageHeading>{t}</PageHeading>} />
    </section>
  );
}
