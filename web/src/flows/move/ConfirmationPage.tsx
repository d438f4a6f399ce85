import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { InfoModal } from '../../components/InfoModal';
import { formatUtcDate } from '../../lib/format';
import { cancelScheduledMove, MOVE_CANCELLED_STATE } from '../../lib/scheduledMove';
import { moveConfirmationQuery, moveQuery } from './api';
import { AddressBlock, moveDateText } from './MovePages';
import type { MovePageProps } from './types';

/**
 * `move/now-confirmation` and `move/schedule-confirmation` ("Move Schedule Confirmation",
 * seed 002 §2.8, §4.4): thanks, the confirmation number, the destination and previous service
 * address, the move date, the last day to cancel (the day before the move, the BFF's) and,
 * while the BFF allows it, the cancel-this-move modal: `cancelScheduledMove` (action C with
 * the confirmation id, one key per visit), then the dashboard with the cancelled-move banner
 * once; a refusal or failure: the error page. Return to my account. No move made (404
 * `NO_MOVE`): the dashboard.
 */
export function MoveConfirmationPage({ accountId, texts, locale, move, dashboardHref, when }: MovePageProps & { when: 'today' | 'later' }) {
  const c = texts.moving;
  const t = when === 'today' ? c.nowConfirmation : c.scheduleConfirmation;
  const navigate = useNavigate();
  const client = useQueryClient();
  const conf = useQuery(moveConfirmationQuery(accountId));
  const none = conf.error instanceof CallFailure && conf.error.status === 404;
  const failed = conf.isError && !none && !(conf.error instanceof CallFailure && conf.error.status === 403);
  useEffect(() => {
    if (none) navigate(dashboardHref, { replace: true });
    else if (failed) navigate(`/${locale}/error`, { replace: true });
  }, [none, failed, navigate, dashboardHref, locale]);
  const key = useRef(crypto.randomUUID());
  const cancel = useMutation({
    mutationFn: () => cancelScheduledMove(accountId, key.current),
    onSuccess: async (answer) => {
      if (answer.result !== 'cancelled') return navigate(`/${locale}/error`, { replace: true });
      // the aux accounts are read again (seed 002 §4.4): the dashboard and the move
      client.removeQueries({ queryKey: moveConfirmationQuery(accountId).queryKey });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['dashboard', accountId] }),
        client.invalidateQueries({ queryKey: moveQuery(accountId).queryKey }),
      ]);
      navigate(dashboardHref, { replace: true, state: { [MOVE_CANCELLED_STATE]: true } });
    },
    onError: (e) => {
      if (!(e instanceof CallFailure && e.status === 403)) navigate(`/${locale}/error`, { replace: true });
    },
  });
  const d = conf.data;
  if (!d)
    return (
      <p role="status" data-page={when === 'today' ? 'now-confirmation' : 'schedule-confirmation'} data-stage="loading">
        {c.loading}
      </p>
    );
  return (
    <section className="payments move-page" data-page={when === 'today' ? 'now-confirmation' : 'schedule-confirmation'} data-stage="moved">
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <dl className="detail__list">
        <div className="detail__row">
          <dt>{c.confirmationNumberLabel}</dt>
          <dd translate="no" data-testid="confirmation-number">
            {d.confirmationNumber}
          </dd>
        </div>
        <AddressBlock label={c.newAddressLabel} address={d.toAddress} testId="move-to" />
        <AddressBlock label={c.currentAddressLabel} address={d.fromAddress} testId="move-from" />
        <div className="detail__row">
          <dt>{c.moveDateLabel}</dt>
          <dd data-testid="move-date">{moveDateText(move, d.moveDate, c.today)}</dd>
        </div>
        {d.cancelAllowed && (
          <div className="detail__row">
            <dt>{c.cancelByLabel}</dt>
            <dd data-testid="move-cancel-by">{formatUtcDate(d.cancelDate)}</dd>
          </div>
        )}
      </dl>
      <div className="actions">
        {d.cancelAllowed && (
          <InfoModal
            trigger={c.cancel}
            triggerClassName="button button--secondary"
            texts={c.cancelModal}
            testId="cancel-move-modal"
            confirmation={{ onConfirm: () => cancel.mutate(), pending: cancel.isPending || cancel.isSuccess, pendingText: c.cancelling }}
          />
        )}
        <Link className="button button--primary" to={dashboardHref}>
          {t.continueLabel}
        </Link>
      </div>
    </section>
  );
}
