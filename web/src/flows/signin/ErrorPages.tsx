import { useMutation } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { useNavigate } from '../../app/router';
import { PermissionError } from '../../components/PermissionError';
import type { AllContent } from '../../content/hooks';
import { startSignIn } from '../../lib/accountSession';
import { leaveApp } from '../../lib/leave';
import { trackCallFailure } from '../../lib/analytics';
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
 * `/{locale}/permission-error` (seed 001 §2, §6): a non-owner sees who they are signed in as;
 * the page is the shared `PermissionError` (the activation's `/{locale}/activation/permission-error` too).
 */
export function PermissionErrorPage({ content }: { content: AllContent['permissionError'] }) {
  return <PermissionError content={content} />;
}
