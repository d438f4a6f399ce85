import { describe, expect, it } from 'vitest';
import { initialState, retailReducer, type CustomerInfo, type RetailEvent, type RetailState } from './machine';

const input = { street: '1200 Peachtree St', unit: '', zip: '30309' };
const info: CustomerInfo = {
  address: { addressLine1: '1200 Peachtree St', addressLine2: '', city: 'Atlanta', state: 'GA', zip: '30309' },
  locationId: 'LOC-1',
};

function run(events: RetailEvent[], from: RetailState = initialState()): RetailState {
  return events.reduce(retailReducer, from);
}

describe('retail reducer', () => {
  it('addressCheck -> validateAddress on submit', () => {
    const s = run([{ type: 'submitAddress', input }]);
    expect(s.stage).toBe('validateAddress');
    expect(s.pending).toBe('address');
    expect(s.input).toEqual(input);
  });

  it('invalid address and connection failures go to addressError', () => {
    expect(run([{ type: 'submitAddress', input }, { type: 'addressInvalid' }])).toMatchObject({
      stage: 'addressError',
      addressError: 'invalidAddress',
    });
    expect(run([{ type: 'submitAddress', input }, { type: 'addressFailed' }])).toMatchObject({
      stage: 'addressError',
      addressError: 'connection',
    });
  });

  it('try again keeps the input', () => {
    const s = run([{ type: 'submitAddress', input }, { type: 'addressInvalid' }, { type: 'backToAddress' }]);
    expect(s.stage).toBe('addressCheck');
    expect(s.input).toEqual(input);
  });

  it('single result keeps the loading stage while serviceability runs', () => {
    const s = run([{ type: 'submitAddress', input }, { type: 'addressSingle', info }]);
    expect(s.stage).toBe('validateAddress');
    expect(s.pending).toBe('serviceability');
    expect(s.chosen).toEqual(info);
  });

  it('multiple results go to addressMultiUnit; back keeps input, try another clears', () => {
    const multi = run([{ type: 'submitAddress', input }, { type: 'addressMultiple', units: [info, info] }]);
    expect(multi.stage).toBe('addressMultiUnit');
    expect(run([{ type: 'backToAddress' }], multi).input).toEqual(input);
    expect(run([{ type: 'tryAnotherAddress' }], multi).input).toEqual({ street: '', unit: '', zip: '' });
    const confirmed = run([{ type: 'confirmUnit', info }], multi);
    expect(confirmed).toMatchObject({ stage: 'validateAddress', pending: 'serviceability', chosen: info });
  });

  it.each([
    ['existingPrepaid', 'existingPrepaidAccount', false],
    ['existingPostpaid', 'existingPostpaidAccount', false],
    ['serviceable', 'serviceable', false],
    ['coldTap', 'serviceable', true],
    ['unserviceable', 'unserviceable', false],
  ] as const)('serviceability %s -> %s', (outcome, stage, cold) => {
    const s = run([{ type: 'submitAddress', input }, { type: 'addressSingle', info }, { type: 'serviceability', outcome }]);
    expect(s.stage).toBe(stage);
    expect(s.isColdTap).toBe(cold);
  });

  it('serviceability error redirects to the error page', () => {
    const s = run([{ type: 'submitAddress', input }, { type: 'addressSingle', info }, { type: 'serviceability', outcome: 'error' }]);
    expect(s.redirect).toBe('error');
  });

  it('a serviceability network failure returns silently to addressCheck with the inputs', () => {
    const s = run([{ type: 'submitAddress', input }, { type: 'addressSingle', info }, { type: 'serviceabilityFailed' }]);
    expect(s.stage).toBe('addressCheck');
    expect(s.input).toEqual(input);
    expect(s.addressError).toBeUndefined();
  });

  const serviceable = run([{ type: 'submitAddress', input }, { type: 'addressSingle', info }, { type: 'serviceability', outcome: 'serviceable' }]);
  const device = { deviceCode: '482913', phone: '4045550123' };

  it('code submit -> codeCheckSubmit -> readytobuy', () => {
    const s = run([{ type: 'submitCode', device }], serviceable);
    expect(s.stage).toBe('codeCheckSubmit');
    expect(run([{ type: 'assign', outcome: 'assigned' }], s).stage).toBe('readytobuy');
  });

  it.each([
    ['deviceCodeNotFound', 'deviceCodeNotFound'],
    ['deviceCodeError', 'deviceCodeError'],
    ['businessError', 'generic'],
  ] as const)('assign %s returns to serviceable with a code error', (outcome, codeError) => {
    const s = run([{ type: 'submitCode', device }, { type: 'assign', outcome }], serviceable);
    expect(s).toMatchObject({ stage: 'serviceable', codeError, connectionAlert: false, device });
  });

  it('assign content error and failures show the connection alert', () => {
    expect(run([{ type: 'submitCode', device }, { type: 'assign', outcome: 'contentError' }], serviceable)).toMatchObject({
      stage: 'serviceable',
      connectionAlert: true,
    });
    expect(run([{ type: 'submitCode', device }, { type: 'assignFailed' }], serviceable)).toMatchObject({
      stage: 'serviceable',
      connectionAlert: true,
    });
  });

  it('ignores events that do not belong to the stage', () => {
    const s = initialState();
    expect(retailReducer(s, { type: 'assign', outcome: 'assigned' })).toBe(s);
    expect(retailReducer(s, { type: 'serviceability', outcome: 'serviceable' })).toBe(s);
    expect(retailReducer(s, { type: 'submitCode', device })).toBe(s);
  });
});
