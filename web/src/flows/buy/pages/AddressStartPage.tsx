import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../app/router';
import { CallFailure, ensureXsrfToken } from '../../../api/client';
import { AddressCheck } from '../../../components/address/AddressCheck';
import { MultiUnit } from '../../../components/address/MultiUnit';
import { AddressError, LoadingStage } from '../../../components/address/Notices';
import { ContentFallback, ContentLoading } from '../../../content/ContentFallback';
import { useMerchantFlow } from '../../../content/hooks';
import { EMPTY_ADDRESS, type AddressInput, type CustomerInfo } from '../../../lib/address';
import type { Locale } from '../../../lib/locale';
import { validateBuyAddress } from '../api';
import { buyHref } from '../routes';
import { useBuyState } from '../state';

type Stage =
  | { id: 'addressCheck' }
  | { id: 'validateAddress' }
  | { id: 'addressError'; kind: 'invalidAddress' | 'connection' }
  | { id: 'addressMultiUnit'; units: CustomerInfo[] };

/**
 * The buy flow's start for a visitor who came without a location (`lm`) and has none kept
 * (seed 000 §1: the buy starts by checking that service is available at an address): the shared
 * address check (merchant-flow texts, in the page's language; no starter-kit prompt), one unit
 * chosen among several; the address's location is then the buy's, and the plan page (or the
 * direct promo, `promo=true`) follows, which checks its serviceability as for any `lm`.
 */
export function AddressStartPage({ locale, promo }: { locale: Locale; promo: boolean }) {
  const content = useMerchantFlow(locale);
  const navigate = useNavigate();
  const { setLocation } = useBuyState();
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

  const choose = (info: CustomerInfo) => {
    setLocation({ locationId: info.locationId });
    navigate(buyHref(locale, promo ? 'direct-promo' : 'internet'), { replace: true });
  };
  const submit = async (a: AddressInput) => {
    const id = ++run.current;
    setInput(a);
    setStage({ id: 'validateAddress' });
    try {
      // the session and its token first, as the entry's loading screen would have fetched them
      await ensureXsrfToken();
      const r = await validateBuyAddress(a);
      if (id !== run.current) return;
      const [only] = r.customerInfos;
      if (r.outcome === 'single' && only) choose(only);
      else if (r.outcome === 'multiple') setStage({ id: 'addressMultiUnit', units: r.customerInfos });
      else setStage({ id: 'addressError', kind: 'invalidAddress' });
    } catch (e) {
      if (id !== run.current || (e instanceof CallFailure && e.status === 403)) return;
      setStage({ id: 'addressError', kind: 'connection' });
    }
  };
  const back = () => (run.current++, setStage({ id: 'addressCheck' }));

  if (content.isError) return <ContentFallback />;
  if (!content.data) return <ContentLoading />;
  const m = content.data;
  let view;
  switch (stage.id) {
    case 'addressCheck':
      view = <AddressCheck content={m.addressCheck} defaultValues={input} variant="buy" onSubmit={(a) => void submit(a)} />;
      break;
    case 'validateAddress':
      view = <LoadingStage stage="validateAddress" text={m.validateAddress.text} />;
      break;
    case 'addressError':
      view = <AddressError panel={m.addressErrors[stage.kind]} tryAgain={m.addressErrors.tryAgain} onTryAgain={back} />;
      break;
    case 'addressMultiUnit':
      view = <MultiUnit content={m.multiUnit} units={stage.units} onBack={back} onTryAnother={() => (setInput(EMPTY_ADDRESS), back())} onConfirm={choose} />;
      break;
  }
  return (
    <div className="retail buy-address" data-page="entry" data-stage="address-start" ref={container}>
      <title>{m.addressCheck.heading}</title>
      {view}
    </div>
  );
}
