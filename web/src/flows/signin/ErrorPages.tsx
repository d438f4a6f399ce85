import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { useNavigate } from '../../app/router';
import { ContentLink } from '../../components/ContentLink';
import type { AllContent } from '../../content/hooks';
import { profileQuery, startSignIn } from '../../lib/accountSession';
import { leaveApp } from '../../lib/leave';
import { trackCallFailure, useCallFailureTracking } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';

/** `/{locale}/timeout-error`: the session ended while idle; Log in again signs in anew. */
export function TimeoutErrorPage({ locale, content }: { locale: Locale; content: AllContent['timeoutError'] }) {
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: () => startSignIn(locale),
    onSuccess: (url) => leaveApp(url),
    onError: (e) => {
      trackCallFailure(e, 'signin');
      navigate(`/${locale}/error`, { replace: true });
    },
  });
  return (
    <section className="signin-page" data-page="timeout-error">
      <title>{content.title}</title>
      <h1>{content.title}</h1>
      <p>{content.description}</p>
      <p>
        <Button className="button button--primary" isDisabled={signIn.isPending || signIn.isSuccess} onPress={() => signIn.mutate()}>
          {content.loginAgain}
        </Button>
      </p>
    </section>
  );
}

/**
 * `/{locale}/permission-error` (seed 001 §2, §6): a non-owner sees who they are signed in as
 * (name, ID, mobile, e-mail from `getProfile`) and a way back to the prepaid site.
 */
export function PermissionErrorPage({ content }: { content: AllContent['permissionError'] }) {
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
          <dd>{p.mobile}</dd>
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
