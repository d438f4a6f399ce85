import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { fill, formatUtcDate } from '../../lib/format';
import { addressLines, createMove, moveConfirmationQuery, moveQuery, setMoveDate, type Address, type Move } from './api';
import { NEXT_PAGE, type MovePageProps } from './types';
import type { MovePageId } from './routes';

/** An address under its label, two lines. */
export function AddressBlock({ label, address, testId }: { label: string; address: Address; testId: string }) {
  const [street, place] = addressLines(address);
  return (
    <div className="detail__row">
      <dt>{label}</dt>
      <dd translate="no" data-testid={testId}>
        {street}
        <br />
        {place}
      </dd>
    </div>
  );
}

/** The move date as shown: "Today, m/d/yyyy" or m/d/yyyy. */
export function moveDateText(move: Pick<Move, 'today'>, date: string, todayText: string): string {
  return date === move.today ? fill(todayText, { date: formatUtcDate(date) }) : formatUtcDate(date);
}

/** Goes to `page` at once (a page reached without what it needs: seed 002 §5). */
export function useRedirect(to: MovePageId | undefined, go: MovePageProps['go']) {
  useEffect(() => {
    if (to) go(to, true);
  }, [to, go]);
  return to !== undefined;
}

/**
 * `setMoveDate` then the page of the BFF's `next` (refill required, `move/now`, or
 * `move/schedule-finalize`). Returns the mutation; a 400 (date past or too far) is the caller's.
 */
export function useSetDate({ accountId, go }: Pick<MovePageProps, 'accountId' | 'go'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => setMoveDate(accountId, date),
    onSuccess: (m) => {
      client.setQueryData(moveQuery(accountId).queryKey, m);
      go(NEXT_PAGE[m.next]);
    },
  });
}

/**
 * `move/address-confirmation`: the new address can get service (the cold-tap note when it is
 * one); move today (`move/schedule-now`) or choose a later date (`move/schedule`). Also where
 * the refill confirmation leads when no date is held (seed 002 §2.8). Without a destination:
 * the address entry.
 */
export function AddressConfirmationPage({ texts, move, go, href }: MovePageProps) {
  const c = texts.moving;
  const t = c.addressConfirmation;
  const dest = move.destination;
  if (useRedirect(dest ? undefined : 'address', go) || !dest) return null;
  return (
    <section className="payments move-page" data-page="address-confirmation">
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      {dest.serviceability === 'coldTap' && (
        <p className="alert" role="note" data-testid="cold-tap">
          {t.coldTap}
        </p>
      )}
      <dl className="detail__list">
        <AddressBlock label={c.newAddressLabel} address={dest.address} testId="move-to" />
        <AddressBlock label={c.currentAddressLabel} address={move.fromAddress} testId="move-from" />
      </dl>
      <div className="actions">
        <Link className="button button--primary" to={href('schedule-now')}>
          {t.moveToday}
        </Link>
        <Link className="button button--secondary" to={href('schedule')}>
          {t.moveLater}
        </Link>
      </div>
      <p>
        <Link to={href('address')}>{c.changeAddress}</Link>
      </p>
    </section>
  );
}

/** `move/schedule-now`: a move today; Continue holds today as the date (`setMoveDate`). */
export function ScheduleNowPage(props: MovePageProps) {
  const { texts, move, go, href, locale } = props;
  const c = texts.moving;
  const t = c.scheduleNow;
  const navigate = useNavigate();
  const date = useSetDate(props);
  const failed = date.error instanceof CallFailure && date.error.status !== 403;
  useEffect(() => {
    // today was refused (the day changed under the page): choose the date
    if (failed) navigate(href('schedule'), { replace: true });
  }, [failed, navigate, href, locale]);
  if (useRedirect(move.destination ? undefined : 'address', go) || !move.destination) return null;
  return (
    <section className="payments move-page" data-page="schedule-now">
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <dl className="detail__list">
        <AddressBlock label={c.newAddressLabel} address={move.destination.address} testId="move-to" />
        <div className="detail__row">
          <dt>{c.moveDateLabel}</dt>
          <dd data-testid="move-date">{moveDateText(move, move.today, c.today)}</dd>
        </div>
      </dl>
      <p role="status">{date.isPending ? c.loading : ''}</p>
      <div className="actions">
        <Button className="button button--primary" isDisabled={date.isPending} onPress={() => date.mutate(move.today)}>
          {t.continueLabel}
        </Button>
        <Link to={href('schedule')}>{c.addressConfirmation.moveLater}</Link>
      </div>
    </section>
  );
}

/**
 * `move/now` and `move/schedule-finalize` (seed 002 §2.8): the addresses, the date with Edit
 * Date, then `createMove` with one Idempotency-Key per attempt (kept after a lost answer, so a
 * retry is the same attempt); `moved`: the confirmation; `failed`: the error page (seed 002
 * §7.5). A page the BFF's `next` does not lead to (a refill still required, no date) goes
 * where it does.
 */
export function ReviewMovePage({ accountId, texts, locale, move, go, href, when }: MovePageProps & { when: 'today' | 'later' }) {
  const c = texts.moving;
  const t = when === 'today' ? c.now : c.finalize;
  const client = useQueryClient();
  const navigate = useNavigate();
  const key = useRef<string>(undefined);
  const mine = when === 'today' ? 'now' : 'scheduleFinalize';
  const create = useMutation({
    mutationFn: () => createMove(accountId, (key.current ??= crypto.randomUUID())),
    onSuccess: async (r) => {
      key.current = undefined;
      if (r.outcome !== 'moved' || !r.confirmation) return navigate(`/${locale}/error`, { replace: true });
      client.setQueryData(moveConfirmationQuery(accountId).queryKey, r.confirmation);
      await client.invalidateQueries({ queryKey: moveQuery(accountId).queryKey });
      go(r.confirmation.when === 'today' ? 'now-confirmation' : 'schedule-confirmation', true);
    },
    onError: (e) => {
      if (!(e instanceof CallFailure) || e.status !== 0) key.current = undefined;
      if (e instanceof CallFailure && e.status === 403) return;
      if (e instanceof CallFailure && e.errorCode === 'MOVE_REFILL_REQUIRED') return go('refill-required', true);
      if (e instanceof CallFailure && e.errorCode === 'MOVE_NOT_READY') return go('address', true);
      if (e instanceof CallFailure && e.errorCode === 'MOVE_DATE_IN_PAST') return go('schedule', true);
      navigate(`/${locale}/error`, { replace: true });
    },
  });
  const elsewhere = create.isIdle && move.next !== mine ? NEXT_PAGE[move.next] : undefined;
  if (useRedirect(elsewhere, go) || !move.schedule || !move.destination) return null;
  return (
    <section className="payments move-page" data-page={when === 'today' ? 'now' : 'schedule-finalize'}>
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <dl className="detail__list">
        <AddressBlock label={c.newAddressLabel} address={move.destination.address} testId="move-to" />
        <AddressBlock label={c.currentAddressLabel} address={move.fromAddress} testId="move-from" />
        <div className="detail__row">
          <dt>{c.moveDateLabel}</dt>
          <dd data-testid="move-date">
            {moveDateText(move, move.schedule.moveDate, c.today)}{' '}
            <Link to={href('schedule')} aria-label={`${c.editDate}: ${c.moveDateLabel}`}>
              {c.editDate}
            </Link>
          </dd>
        </div>
      </dl>
      <p role="status">{create.isPending ? t.submitting : ''}</p>
      <div className="actions">
        <Button className="button button--primary" isDisabled={create.isPending} onPress={() => create.mutate()}>
          {t.submit}
        </Button>
      </div>
    </section>
  );
}
