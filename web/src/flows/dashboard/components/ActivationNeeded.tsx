import type { DashboardContent } from '../content';

/**
 * The account-state page of an account that needs activation (seed 001 §4 "Page readiness and
 * checks"): says so and links to activation with the account in base64. The activation flow
 * comes with a later issue, so the page waits for the user instead of leaving by itself.
 */
export function ActivationNeeded({ content, href }: { content: DashboardContent['activationNeeded']; href: string }) {
  return (
    <section className="page-message" data-page="dashboard" data-stage="activation">
      <title>{content.title}</title>
      <h1>{content.title}</h1>
      <p>{content.body}</p>
      <p>
        <a className="button button--primary" href={href}>
          {content.link}
        </a>
      </p>
    </section>
  );
}
