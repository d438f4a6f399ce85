import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from '../../app/router';
import { Faq } from '../../components/Faq';
import type { AllContent } from '../../content/hooks';
import { signOutAndLeave, startSignIn } from '../../lib/accountSession';
import { leaveApp } from '../../lib/leave';
import { trackCallFailure } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';
import { decodeSignIn, type SignInResult } from './api';
import { flagsOf, flagsQuery, handoffAction } from './handoff';

/** Where a decoded sign-in goes (contract section B `SignInResult.next`). */
export function nextPath(locale: Locale, result: SignInResult): string {
  const flags = flagsQuery(result);
  switch (result.next) {
    case 'dashboard':
      return `/${locale}/dashboard${flags}`;
    case 'accountPicker':
      return `/${locale}/account-picker${flags}`;
    case 'permissionError':
      return `/${locale}/permission-error`;
    default:
      return `/${locale}/error`;
  }
}

// a code is one use: StrictMode's second effect run (and a re-render) must not send it again
const decoding = new Set<string>();

/**
 * The handoff (seed 001 §2, §4 "Sign-in"): reads `continue`, `slo_fs`, `state`, `code`, `s`,
 * `bhr`, `mobile` and acts once (`handoffAction`); otherwise the landing page with Log in and
 * Create ID, each starting a sign-in at the provider.
 */
export function Handoff({ locale, content }: { locale: Locale; content: AllContent['handoff'] }) {
  const query = useSearchParams();
  const navigate = useNavigate();
  const action = handoffAction(query);
  const flags = flagsOf(query);
  const started = useRef(false);

  const signIn = useMutation({
    mutationFn: (createId: boolean) => startSignIn(locale, flags, createId),
    onSuccess: (url) => leaveApp(url),
    onError: (e) => {
      trackCallFailure(e, 'signin');
      navigate(`/${locale}/error`, { replace: true });
    },
  });
  const decode = useMutation({
    mutationFn: ({ code, state }: { code: string; state: string }) => decodeSignIn(code, state),
    onSuccess: (result) => navigate(nextPath(locale, result), { replace: true }),
    onError: (e) => {
      trackCallFailure(e, 'signin');
      navigate(`/${locale}/error`, { replace: true });
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    switch (action.kind) {
      case 'continue':
        void signOutAndLeave(locale, false, action.to);
        break;
      case 'timeoutError':
        navigate(`/${locale}/timeout-error`, { replace: true });
        break;
      case 'signIn':
        signIn.mutate(false);
        break;
      case 'decode':
        if (decoding.has(action.code)) return;
        decoding.add(action.code);
        decode.mutate({ code: action.code, state: action.state });
        break;
      case 'show':
        break;
    }
  });

  const busy = action.kind !== 'show' || signIn.isPending || signIn.isSuccess;
  return (
    <section className="signin-page" data-page="handoff" data-stage={action.kind === 'show' ? 'landing' : 'signingIn'}>
      <title>{content.title}</title>
      <h1>{content.title}</h1>
      {action.kind === 'show' ? (
        <>
          <p>{content.description}</p>
          <div className="signin-page__actions">
            <Button className="button button--primary" isDisabled={busy} onPress={() => signIn.mutate(false)}>
              {content.logIn}
            </Button>
            <Button className="button button--secondary" isDisabled={busy} onPress={() => signIn.mutate(true)}>
              {content.createId}
            </Button>
          </div>
          <h2>{content.faqTitle}</h2>
          <Faq items={content.faq} idPrefix="handoff-faq" />
        </>
      ) : (
        <p role="status" aria-busy="true">
          {content.signingIn}
        </p>
      )}
    </section>
  );
}
