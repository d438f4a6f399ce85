import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../app/router';
import { CallFailure } from '../../api/client';
import { AddressCheck } from '../../components/address/AddressCheck';
import { MultiUnit } from '../../components/address/MultiUnit';
import { AddressError, ExistingPostpaid, ExistingPrepaid, LoadingStage, Unserviceable } from '../../components/address/Notices';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { useMerchantFlow } from '../../content/hooks';
import { EMPTY_ADDRESS, type AddressInput, type CustomerInfo } from '../../lib/address';
import { checkMoveAddress, chooseMoveUnit, moveQuery, type MoveAddressCheck } from './api';
import { AddressBlock, useRedirect } from './MovePages';
import type { MovePageProps } from './types';

type Stage =
  | { id: 'addressCheck' }
  | { id: 'validateAddress' }
  | { id: 'addressError'; kind: 'invalidAddress' | 'connection' }
  | { id: 'addressMultiUnit'; units: CustomerInfo[] }
  | { id: 'unserviceable' | 'existingPrepaidAccount' | 'existingPostpaidAccount' };

/**
 * `/{locale}/move` (seed 002 §2.1; seed 000 §2 the address check's move variant, §4): the
 * retail flow's address stages with the move headings, checked by the BFF
 * (`checkMoveAddress`, `chooseMoveUnit`), which holds a serviceable or cold-tap destination;
 * then `move/address-confirmation`. Notices as the retail flow's; `error`: the error page.
 */
export function AddressPage({ accountId, texts, locale, move, go }: MovePageProps) {
  const content = useMerchantFlow(locale);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ id: 'addressCheck' });
  const [input, setInput] = useState<AddressInput>(EMPTY_ADDRESS);
  const container = useRef<HTMLDivElement>(null);
  const run = useRef(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    container.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [stage.id]);
  useEffect(() => () => void run.current++, []);

  const settle = async (id: number, check: () => Promise<MoveAddressCheck>) => {
    try {
      const r = await check();
      if (id !== run.current) return;
      switch (r.outcome) {
        case 'invalidAddress':
          return setStage({ id: 'addressError', kind: 'invalidAddress' });
        case 'multiple':
          return setStage({ id: 'addressMultiUnit', units: r.units });
        case 'serviceable':
        case 'coldTap':
          await client.invalidateQueries({ queryKey: moveQuery(accountId).queryKey });
          return go('address-confirmation');
        case 'existingPrepaid':
          return setStage({ id: 'existingPrepaidAccount' });
        case 'existingPostpaid':
          return setStage({ id: 'existingPostpaidAccount' });
        case 'unserviceable':
          return setStage({ id: 'unserviceable' });
        case 'error':
          return navigate(`/${locale}/error`, { replace: true });
      }
    } catch (e) {
      if (id !== run.current || (e instanceof CallFailure && e.status === 403)) return;
      setStage({ id: 'addressError', kind: 'connection' });
    }
  };
  const submit = (a: AddressInput) => {
    setInput(a);
    setStage({ id: 'validateAddress' });
    void settle(++run.current, () => checkMoveAddress(accountId, a.street, a.unit, a.zip));
  };
  const confirmUnit = (info: CustomerInfo) => {
    setStage({ id: 'validateAddress' });
    void settle(++run.current, () => chooseMoveUnit(accountId, info.locationId));
  };
  const back = () => (run.current++, setStage({ id: 'addressCheck' }));

  // the move this sign-in made: its confirmation, not a second move
  const made = move.moved ? (move.moved.when === 'today' ? 'now-confirmation' : 'schedule-confirmation') : undefined;
  if (useRedirect(made, go)) return null;
  if (content.isError) return <ContentFallback />;
  if (!content.data) return <ContentLoading />;
  const m = content.data;
  let view;
  switch (stage.id) {
    case 'addressCheck':
      view = <AddressCheck content={m.addressCheck} defaultValues={input} variant="move" onSubmit={submit} />;
      break;
    case 'validateAddress':
      view = <LoadingStage stage="validateAddress" text={m.validateAddress.text} />;
      break;
    case 'addressError':
      view = <AddressError panel={m.addressErrors[stage.kind]} tryAgain={m.addressErrors.tryAgain} onTryAgain={back} />;
      break;
    case 'addressMultiUnit':
      view = (
        <MultiUnit
          content={m.multiUnit}
          units={stage.units}
          onBack={back}
          onTryAnother={() => (setInput(EMPTY_ADDRESS), back())}
          onConfirm={confirmUnit}
        />
      );
      break;
    case 'unserviceable':
      view = <Unserviceable content={m.unserviceable} onBack={back} />;
      break;
    case 'existingPrepaidAccount':
      view = <ExistingPrepaid content={m.existingPrepaid} onBack={back} />;
      break;
    case 'existingPostpaidAccount':
      view = <ExistingPostpaid content={m.existingPostpaid} onBack={back} />;
      break;
  }
  return (
    <div className="retail move-address" data-page="address" ref={container}>
      {/* the page's own title in its language, as on the move's other pages (not the app's default) */}
      <title>{m.addressCheck.moveHeading}</title>
      {view}
      {stage.id === 'addressCheck' && (
        <dl className="detail__list">
          <AddressBlock label={texts.moving.currentAddressLabel} address={move.fromAddress} testId="move-from" />
        </dl>
      )}
    </div>
  );
}
