import type { ConsoleScenario } from './console';
import type { ConsoleSettingsView } from './settings';

/** Console rows for tests and stories (made-up ids and codes, so no coverage is claimed). */
export const consoleFixture: ConsoleScenario[] = [
  {
    id: 'retail/sample-success',
    flow: 'retail',
    title: 'Device assigned, ready to buy',
    codes: [],
    start: '/dollargeneral',
    expect: { stage: 'readytobuy', message: 'readyToBuy.heading', coldTap: false },
    outcomeClass: 'readytobuy|readyToBuy.heading|false||',
    story: 'retail-scenarios--sample-success',
    browser: ['retail.spec.ts'],
  },
  {
    id: 'retail/sample-notice-a',
    flow: 'retail',
    title: 'Existing account notice',
    codes: ['XSAMPLE0001'],
    start: '/dollargeneral',
    expect: { stage: 'notice', message: 'existingPrepaid' },
    outcomeClass: 'notice|existingPrepaid|||',
    story: 'retail-scenarios--sample-notice-a',
    browser: ['retail.spec.ts'],
  },
  {
    id: 'retail/sample-notice-b',
    flow: 'retail',
    title: 'Existing account notice, other answer',
    codes: ['XSAMPLE_VAN_002'],
    start: '/dollargeneral',
    expect: { stage: 'notice', message: 'existingPrepaid' },
    outcomeClass: 'notice|existingPrepaid|||',
    story: null,
    browser: [],
  },
  {
    id: 'buy/sample-refused',
    flow: 'buy',
    title: 'Order refused by the provider',
    codes: ['XSAMPLE-ORDER-3'],
    start: '/buy',
    expect: { stage: 'review', errorCode: 'XSAMPLE-ORDER-3', banner: true },
    outcomeClass: 'review|catalogue||true|',
    story: 'buy-scenarios--sample-refused',
    browser: [],
  },
  {
    id: 'payments/sample-new',
    flow: 'payments',
    title: 'A scenario the coverage task has not seen',
    codes: [],
    start: '/dashboard/edit-payment',
    expect: { page: 'edit-payment' },
    outcomeClass: null,
    story: null,
    browser: [],
  },
];

/** `/harness/settings` for tests and stories: no active scenario, or a made-up one with two calls. */
export function settingsFixture(active: boolean, over: Partial<ConsoleSettingsView> = {}): ConsoleSettingsView {
  return {
    scenario: active ? 'retail/sample-success' : null,
    calls: [
      { name: 'assign', service: 'van', method: 'POST', path: '/van/assign', inScenario: true },
      { name: 'serviceability', service: 'serviceability', method: 'GET', path: '/serviceability/validate-customer-serviceability', inScenario: false },
    ],
    faults: {},
    chaos: null,
    defaultChaos: null,
    yaml: active ? 'title: Device assigned, ready to buy\nflow: retail\n' : null,
    file: active ? 'scenarios/retail/sample-success-copy.yaml' : null,
    ...over,
  };
}
