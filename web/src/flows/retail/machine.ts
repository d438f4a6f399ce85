import type { Schemas } from '../../api/client';
import { EMPTY_ADDRESS, type AddressInput, type CustomerInfo } from '../../lib/address';
import type { Stage } from './routes';

export type { AddressInput, CustomerInfo } from '../../lib/address';
export { EMPTY_ADDRESS };

export interface DeviceInput {
  deviceCode: string;
  /** digits only */
  phone: string;
}

export type AddressErrorKind = 'invalidAddress' | 'connection';
export type CodeErrorKind = 'deviceCodeNotFound' | 'deviceCodeError' | 'generic';
export type ServiceabilityOutcome = Schemas['Serviceability']['outcome'];
export type AssignOutcome = Schemas['AssignResult']['outcome'];

export interface RetailState {
  stage: Stage;
  input: AddressInput;
  /** what `validateAddress` is waiting for */
  pending?: 'address' | 'serviceability';
  addressError?: AddressErrorKind;
  units: CustomerInfo[];
  chosen?: CustomerInfo;
  isColdTap: boolean;
  device: DeviceInput;
  codeError?: CodeErrorKind;
  connectionAlert: boolean;
  /** set when the flow must leave for `/{locale}/error` */
  redirect?: 'error';
}

export type RetailEvent =
  | { type: 'submitAddress'; input: AddressInput }
  | { type: 'addressInvalid' }
  | { type: 'addressFailed' }
  | { type: 'addressSingle'; info: CustomerInfo }
  | { type: 'addressMultiple'; units: CustomerInfo[] }
  | { type: 'confirmUnit'; info: CustomerInfo }
  | { type: 'backToAddress' }
  | { type: 'tryAnotherAddress' }
  | { type: 'serviceability'; outcome: ServiceabilityOutcome }
  | { type: 'serviceabilityFailed' }
  | { type: 'submitCode'; device: DeviceInput }
  | { type: 'assign'; outcome: AssignOutcome }
  | { type: 'assignFailed' };

export function initialState(input: AddressInput = EMPTY_ADDRESS): RetailState {
  return {
    stage: 'addressCheck',
    input,
    units: [],
    isColdTap: false,
    device: { deviceCode: '', phone: '' },
    connectionAlert: false,
  };
}

const SERVICEABILITY_STAGE: Record<Exclude<ServiceabilityOutcome, 'error'>, Stage> = {
  existingPrepaid: 'existingPrepaidAccount',
  existingPostpaid: 'existingPostpaidAccount',
  serviceable: 'serviceable',
  coldTap: 'serviceable',
  unserviceable: 'unserviceable',
};

/** The retail flow's state machine (seed 000 §2 stages, §4 transitions). */
export function retailReducer(state: RetailState, event: RetailEvent): RetailState {
  switch (event.type) {
    case 'submitAddress':
      if (state.stage !== 'addressCheck') return state;
      return {
        ...initialState(event.input),
        stage: 'validateAddress',
        pending: 'address',
      };
    case 'addressInvalid':
      if (state.pending !== 'address') return state;
      return { ...state, stage: 'addressError', pending: undefined, addressError: 'invalidAddress' };
    case 'addressFailed':
      if (state.pending !== 'address') return state;
      return { ...state, stage: 'addressError', pending: undefined, addressError: 'connection' };
    case 'addressSingle':
      if (state.pending !== 'address') return state;
      return { ...state, stage: 'validateAddress', pending: 'serviceability', chosen: event.info, units: [event.info] };
    case 'addressMultiple':
      if (state.pending !== 'address') return state;
      return { ...state, stage: 'addressMultiUnit', pending: undefined, units: event.units };
    case 'confirmUnit':
      if (state.stage !== 'addressMultiUnit') return state;
      return { ...state, stage: 'validateAddress', pending: 'serviceability', chosen: event.info };
    case 'backToAddress':
      return { ...initialState(state.input) };
    case 'tryAnotherAddress':
      return initialState();
    case 'serviceability':
      if (state.pending !== 'serviceability') return state;
      if (event.outcome === 'error') return { ...state, pending: undefined, redirect: 'error' };
      return {
        ...state,
        pending: undefined,
        stage: SERVICEABILITY_STAGE[event.outcome],
        isColdTap: event.outcome === 'coldTap',
      };
    case 'serviceabilityFailed':
      // "A network failure is reported with no visible change": back to the entry, inputs kept.
      if (state.pending !== 'serviceability') return state;
      return initialState(state.input);
    case 'submitCode':
      if (state.stage !== 'serviceable' || !state.chosen) return state;
      return { ...state, stage: 'codeCheckSubmit', device: event.device, codeError: undefined, connectionAlert: false };
    case 'assign':
      if (state.stage !== 'codeCheckSubmit') return state;
      switch (event.outcome) {
        case 'assigned':
          return { ...state, stage: 'readytobuy' };
        case 'deviceCodeNotFound':
          return { ...state, stage: 'serviceable', codeError: 'deviceCodeNotFound' };
        case 'deviceCodeError':
          return { ...state, stage: 'serviceable', codeError: 'deviceCodeError' };
        case 'businessError':
          return { ...state, stage: 'serviceable', codeError: 'generic' };
        case 'contentError':
          return { ...state, stage: 'serviceable', connectionAlert: true };
      }
      return state;
    case 'assignFailed':
      if (state.stage !== 'codeCheckSubmit') return state;
      return { ...state, stage: 'serviceable', connectionAlert: true };
  }
}
