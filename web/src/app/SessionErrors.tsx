import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from './router';
import { CallFailure } from '../api/client';
import { goToSignIn, sessionErrorTarget } from '../lib/accountSession';
import { track, trackCallFailure } from '../lib/analytics';
import { useLocale } from '../lib/useLocale';

/**
 * Watches every query and mutation of the app and sends a session error wherever it came from
 * to its page or to the provider's sign-in (`sessionErrorTarget`, seed 001 §4), with its
 * `apiError`: the one place, so no page handles these itself. Mounted once, inside the router.
 */
export function SessionErrors() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const locale = useLocale();
  useEffect(() => {
    const handle = (error: unknown) => {
      const target = sessionErrorTarget(error, locale);
      if (!target) return;
      // reported here: the page whose call it was may be left before it draws the failure
      trackCallFailure(error, 'unknown');
      if (error instanceof CallFailure && error.errorCode === 'SESSION_EXPIRED') track({ event: 'sessionTimeout', cause: 'expired' });
      if (target.kind === 'page') navigate(target.path, { replace: true });
      else void goToSignIn(locale).catch(() => navigate(`/${locale}/error`, { replace: true }));
    };
    const queries = client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') handle(e.action.error);
    });
    const mutations = client.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') handle(e.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, navigate, locale]);
  return null;
}
