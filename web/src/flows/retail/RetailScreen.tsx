import { useCallback, useEffect, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../../app/router';
import type { Dictionary, MerchantFlow } from '../../content/hooks';
import { assignLanguage, type Locale } from '../../lib/locale';
import { track, trackCallFailure, trackPageView } from '../../lib/analytics';
import { initialState, retailReducer, type AddressInput, type CustomerInfo, type DeviceInput } from './machine';
import { assignDevice, validateCustomerAddress, validateCustomerServiceability } from './api';
import { retailFlow } from './routes';
import { AddressCheck } from '../../components/address/AddressCheck';
import { MultiUnit } from '../../components/address/MultiUnit';
import { moduleLoader } from '../../lib/moduleLoader';
import { ReadyToBuy } from './stages/ReadyToBuy';
import { AddressError, ExistingPostpaid, ExistingPrepaid, LoadingStage, Unserviceable } from '../../components/address/Notices';

export interface RetailScreenProps {
  content: MerchantFlow;
  dictionary: Dictionary;
  locale: Locale;
  variant?: 'retail' | 'move';
}

/**
 * The device-code stage with its form (react-hook-form and zod): not on the first screen's
 * path; asked for with the serviceability call, so the stage is drawn with its answer.
 */
const serviceableStage = moduleLoader(() => import('./stages/Serviceable'));

/** The retail flow's stages as one screen, driven by `retailReducer` (seed 000 §2). */
export function RetailScreen({ content, dictionary, locale, variant = 'retail' }: RetailScreenProps) {
  const [state, dispatch] = useReducer(retailReducer, undefined, () => initialState());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const firstStage = useRef(true);
  /** Answers of an abandoned step are ignored. */
  const run = useRef(0);

  useEffect(() => {
    trackPageView(retailFlow, state.stage, locale);
  }, [state.stage, locale]);

  // read from the loader: loaded with the serviceability answer, or by the effect below
  const Serviceable = serviceableStage.loaded()?.Serviceable;
  const [, codeArrived] = useReducer((n: number) => n + 1, 0);
  // the serviceable stage without its code (its fetch with the serviceability call failed):
  // fetched again; failing again, the connection message with its way back
  useEffect(() => {
    if (state.stage !== 'serviceable' || Serviceable) return;
    let live = true;
    serviceableStage.load().then(
      () => live && codeArrived(),
      () => live && dispatch({ type: 'serviceabilityFailed' }),
    );
    return () => void (live = false);
  }, [state.stage, Serviceable]);

  useEffect(() => {
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    // a stage that opens a dialog (readytobuy's heads-up) keeps the focus in it
    if (document.activeElement?.closest('[role="dialog"]')) return;
    container.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [state.stage, Serviceable]);

  useEffect(() => {
    if (state.redirect === 'error') navigate(`/${locale}/error`);
  }, [state.redirect, locale, navigate]);

  useEffect(() => () => void run.current++, []);

  const checkServiceability = useCallback(async (info: CustomerInfo, id: number) => {
    // a failed fetch is tried again when the stage is drawn
    const stageCode = serviceableStage.load().catch(() => undefined);
    try {
      const result = await validateCustomerServiceability(info.locationId);
      await stageCode;
      if (id !== run.current) return;
      track({ event: 'serviceability', tapStatus: result.tapStatus });
      dispatch({ type: 'serviceability', outcome: result.outcome });
    } catch (error) {
      if (id !== run.current) return;
      trackCallFailure(error, 'validateCustomerServiceability');
      dispatch({ type: 'serviceabilityFailed' });
    }
  }, []);

  const submitAddress = useCallback(
    async (input: AddressInput) => {
      const id = ++run.current;
      dispatch({ type: 'submitAddress', input });
      try {
        const result = await validateCustomerAddress(input);
        if (id !== run.current) return;
        const first = result.customerInfos[0];
        if (result.outcome === 'invalidAddress' || !first) {
          dispatch({ type: 'addressInvalid' });
        } else if (result.outcome === 'single') {
          dispatch({ type: 'addressSingle', info: first });
          await checkServiceability(first, id);
        } else {
          dispatch({ type: 'addressMultiple', units: result.customerInfos });
        }
      } catch (error) {
        if (id !== run.current) return;
        trackCallFailure(error, 'validateCustomerAddress');
        dispatch({ type: 'addressFailed' });
      }
    },
    [checkServiceability],
  );

  const confirmUnit = useCallback(
    (info: CustomerInfo) => {
      const id = ++run.current;
      dispatch({ type: 'confirmUnit', info });
      void checkServiceability(info, id);
    },
    [checkServiceability],
  );

  const submitCode = useCallback(
    async (device: DeviceInput) => {
      if (!state.chosen) return;
      const id = ++run.current;
      dispatch({ type: 'submitCode', device });
      try {
        const result = await assignDevice(state.chosen, device, assignLanguage(pathname));
        if (id !== run.current) return;
        track({ event: 'assign', outcome: result.outcome });
        dispatch({ type: 'assign', outcome: result.outcome });
      } catch (error) {
        if (id !== run.current) return;
        trackCallFailure(error, 'assignDevice');
        dispatch({ type: 'assignFailed' });
      }
    },
    [state.chosen, pathname],
  );

  const back = useCallback(() => {
    run.current++;
    dispatch({ type: 'backToAddress' });
  }, []);
  const tryAnother = useCallback(() => {
    run.current++;
    dispatch({ type: 'tryAnotherAddress' });
  }, []);

  let stage: ReactNode;
  switch (state.stage) {
    case 'addressCheck':
      stage = (
        <AddressCheck
          content={content.addressCheck}
          defaultValues={state.input}
          variant={variant}
          onSubmit={(input) => void submitAddress(input)}
        />
      );
      break;
    case 'validateAddress':
      stage = <LoadingStage stage="validateAddress" text={content.validateAddress.text} />;
      break;
    case 'codeCheckSubmit':
      stage = <LoadingStage stage="codeCheckSubmit" text={content.codeCheckSubmit.text} />;
      break;
    case 'addressError':
      stage = (
        <AddressError
          panel={state.addressError === 'invalidAddress' ? content.addressErrors.invalidAddress : content.addressErrors.connection}
          tryAgain={content.addressErrors.tryAgain}
          onTryAgain={back}
        />
      );
      break;
    case 'addressMultiUnit':
      stage = (
        <MultiUnit
          content={content.multiUnit}
          units={state.units}
          onBack={back}
          onTryAnother={tryAnother}
          onConfirm={confirmUnit}
        />
      );
      break;
    case 'serviceable':
      stage = !Serviceable ? (
        <LoadingStage stage="validateAddress" text={content.validateAddress.text} />
      ) : state.chosen ? (
        <Serviceable
          content={content.serviceable}
          assignErrors={content.assignErrors}
          connection={content.addressErrors.connection}
          chosen={state.chosen}
          device={state.device}
          codeError={state.codeError}
          connectionAlert={state.connectionAlert}
          onChangeAddress={back}
          onSubmit={(device) => void submitCode(device)}
        />
      ) : null;
      break;
    case 'unserviceable':
      stage = <Unserviceable content={content.unserviceable} onBack={back} />;
      break;
    case 'existingPrepaidAccount':
      stage = <ExistingPrepaid content={content.existingPrepaid} onBack={back} />;
      break;
    case 'existingPostpaidAccount':
      stage = <ExistingPostpaid content={content.existingPostpaid} onBack={back} />;
      break;
    case 'readytobuy':
      stage = <ReadyToBuy content={content.readyToBuy} isColdTap={state.isColdTap} closeLabel={dictionary.close} />;
      break;
  }

  return (
    <div className="retail" ref={container}>
      {stage}
    </div>
  );
}
