import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../app/router';
import { pingModem, type ActivateBody, type Activation, type ActivationResult } from './api';
import type { ActivationTexts } from './content';
import { PING_INTERVAL_MS, SUCCESS_BANNER_MS } from './timers';

export interface ProgressPageProps {
  texts: ActivationTexts['activate'];
  activation: Activation;
  run: UseMutationResult<ActivationResult, unknown, ActivateBody>;
  dashboardHref: string;
  errorHref: string;
}

/**
 * Behind the modem (seed 001 §4 "Activation"): fetches the public ping file at once, then every
 * 10 s until it answers 200 (a failed fetch is retried the same way); `true` once it has.
 */
function useModemBack(url: string, active: boolean): boolean {
  const [back, setBack] = useState(false);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const ok = await pingModem(url);
      if (stopped) return;
      if (ok) setBack(true);
      else timer = setTimeout(() => void tick(), PING_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url, active]);
  return back;
}

/**
 * `/{locale}/activation/activate` (seed 001 §2, §4 "Activation"): the progress screen while
 * the BFF activates and restarts the modem; a failure goes to the error page; after success,
 * behind the modem, waiting for the ping file; then the success banner for 1 s and the dashboard.
 */
export function ProgressPage({ texts, activation, run, dashboardHref, errorHref }: ProgressPageProps) {
  const navigate = useNavigate();
  const succeeded = run.data?.outcome === 'success';
  const failed = run.isError || run.data?.outcome === 'failure';
  const modemBack = useModemBack(activation.pingUrl, succeeded && activation.bhr);
  const success = succeeded && (!activation.bhr || modemBack);

  useEffect(() => {
    if (failed) navigate(errorHref, { replace: true });
  }, [failed, navigate, errorHref]);
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => navigate(dashboardHref, { replace: true }), SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [success, navigate, dashboardHref]);

  if (success) {
    return (
      <section className="activation" data-page="activation" data-stage="success">
        <title>{texts.successTitle}</title>
        <div className="activation-banner" role="status">
          <h1>{texts.successTitle}</h1>
          <p>{texts.successText}</p>
        </div>
        <p>
          <Link className="button button--primary" to={dashboardHref} replace>
            {texts.toDashboard}
          </Link>
        </p>
      </section>
    );
  }
  const waiting = succeeded && activation.bhr;
  return (
    <section className="activation" data-page="activation" data-stage={waiting ? 'waiting-for-modem' : 'progress'} aria-busy="true">
      <title>{texts.progressTitle}</title>
      <h1>{texts.progressTitle}</h1>
      <div className="spinner" aria-hidden="true" />
      {waiting && <p>{texts.restarting}</p>}
      <p role="status">{waiting ? texts.waitingForModem : texts.progressText}</p>
    </section>
  );
}
