import { useQuery } from '@tanstack/react-query';
import type { AllContent } from '../content/hooks';
import { profileQuery } from '../lib/accountSession';
import { useCallFailureTracking } from '../lib/analytics';
import { formatPhone } from '../lib/phone';
import { ContentLink } from './ContentLink';

/**
 * The permission-error page (seed 001 §2, §6): a non-owner sees who they are signed in as
 * (name, ID, mobile as ###-###-####, e-mail from `getProfile`) and a way back to the prepaid
 * site. Drawn at `/{locale}/permission-error` and `/{locale}/activation/permission-error`.
 */
export function PermissionError({ content }: { content: AllContent['permissionError'] }) {
  const profile = useQuery(profileQuery);
  useCallFailureTracking(profile.error, 'getProfile');
  const p = profile.data;
  return (
    <section className="signin-page" data-page="permission-error">
      <title>{content.title}</title>
      <h1>{content.title}</h1>
      <p>{content.description}</p>
      {p && (
        <dl className="identity-list" data-testid="identity">
          <dt>{content.nameLabel}</dt>
          <dd>{`${p.firstName} ${p.lastName}`}</dd>
          <dt>{content.idLabel}</dt>
          <dd>{p.uid}</dd>
          <dt>{content.mobileLabel}</dt>
          <dd>{formatPhone(p.mobile)}</dd>
          <dt>{content.emailLabel}</dt>
          <dd>{p.email}</dd>
        </dl>
      )}
      <p>
        <ContentLink className="button button--secondary" link={content.back} />
      </p>
    </section>
  );
}
