import { useEffect } from 'react';
import { useNavigate } from '../../../app/router';
import type { DashboardContent } from '../content';
import { ACTIVATION_REDIRECT_MS } from '../readiness';

/**
 * The account-state page of an account that needs activation (seed 001 §4 "Page readiness and
 * checks"): says so and leaves by itself for activation (the account in base64) after 1.5 s
 * (`ACTIVATION_REDIRECT_MS`, seed 001 §9); the link stays for keyboard and screen-reader users
 * who get there first.
 */
export function ActivationNeeded({ content, href }: { content: DashboardContent['activationNeeded']; href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate(href, { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate, href]);
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
