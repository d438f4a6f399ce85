import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeading } from '../components/PageHeading';
import type { BuyContent } from '../content';
import type { BuyPageDef, BuyPageProps } from '../routes';

/** A page of title, text and a way back, from content. */
function BuyMessagePage({ page, panel, animation = false }: { page: BuyPageDef; panel: BuyContent['errorPage']; animation?: boolean }) {
  return (
    <section className="page-message card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{panel.title}</title>
      {animation && <div className="buy-404-animation" aria-hidden="true" />}
      <PageHeading>{panel.title}</PageHeading>
      <p>{panel.description}</p>
      <p>
        <ButtonLink to={panel.backUrl}>{panel.backLabel}</ButtonLink>
      </p>
    </section>
  );
}

/** `/{locale}/buy/error`. */
export function BuyErrorPage({ content, page }: BuyPageProps) {
  return <BuyMessagePage page={page} panel={content.errorPage} />;
}

/** `/{locale}/buy/404` and every unknown path below `/{locale}/buy`. */
export function BuyNotFoundPage({ content, page }: BuyPageProps) {
  return <BuyMessagePage page={page} panel={content.notFound} animation />;
}
