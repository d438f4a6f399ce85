import type { Meta, StoryObj } from '@storybook/react-vite';
import contentJson from '../../content/recordings/content.json';
import type { MerchantFlow } from '../../content/hooks';
import { recordingHandlers, type ContentRecording, type Recording } from '../../testing/recordings';
import {
  bySituation,
  callLog,
  countVisibleText,
  expectDecidingCall,
  expectVisibleText,
  localeOf,
} from '../../testing/scenarioStory';
import { contentText } from '../../testing/scenarioFiles';
import { StoryApp } from '../../testing/StoryApp';
import { addressCheckLoaded, waitForStage, walkRetail, type RetailEnd } from '../../testing/walk';

const content = contentJson as unknown as ContentRecording;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

/**
 * One story per retail scenario (`scenarios/retail/*.yaml`): the app walks the scenario's input
 * on its recorded BFF answers and must end on `expect.stage` with `expect.message` (and the
 * cold-tap note when `expect.coldTap`), in the scenario's language (alternating by id). The
 * browser suite walks one scenario per outcome class; these stories hold the UI side of every
 * other one (the BFF side is `bff/tests/it/scenarios.rs`). Playwright's storybook project checks
 * that every scenario has its story.
 */
const meta = {
  title: 'Retail/Scenarios',
  component: StoryApp,
  // the address check draws its street combobox from the start (the play functions use it)
  loaders: [addressCheckLoaded],
  tags: ['scenario'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function scenario(situation: string): Story {
  const recording = recordings.get(situation);
  const locale = localeOf(situation, recordings);
  const mf = content[locale].merchantFlow as MerchantFlow;
  const log = callLog();
  return {
    name: `retail/${situation} [${locale}]`,
    args: { path: `/${locale}${recording?.scenario.start ?? '/dollargeneral'}` },
    parameters: { msw: { handlers: recording ? [log.handler, ...recordingHandlers(recording, content)] : [] }, scenario: `retail/${situation}` },
    beforeEach: () => {
      log.calls.length = 0;
    },
    play: async ({ canvasElement }) => {
      if (!recording) throw new Error(`no recording of retail/${situation}`);
      const { input, expect: want } = recording.scenario;
      await walkRetail(canvasElement, input, mf);
      await expectDecidingCall(recording, log);
      await waitForStage(canvasElement, want.stage as RetailEnd);
      const final = canvasElement.querySelector<HTMLElement>(`[data-stage="${want.stage}"]`)!;
      if (want.message) await expectVisibleText(final, contentText(mf, want.message));
      if (want.coldTap !== undefined) {
        if (countVisibleText(final, mf.readyToBuy.coldTapNote) !== (want.coldTap ? 1 : 0)) {
          throw new Error(`cold-tap note ${want.coldTap ? 'missing' : 'shown'}`);
        }
      }
    },
  };
}

export const AddressLargeBuilding: Story = scenario('address-large-building');
export const AddressMultiUnit: Story = scenario('address-multi-unit');
export const AddressNotFound: Story = scenario('address-not-found');
export const AddressSingle: Story = scenario('address-single');
export const AddressUnitRetry: Story = scenario('address-unit-retry');
export const AddressValidationFailure: Story = scenario('address-validation-failure');
export const AddressValidationMalformed: Story = scenario('address-validation-malformed');
export const AssignBusVanAssign004: Story = scenario('assign-bus-van-assign-004');
export const AssignBusVanAssign015: Story = scenario('assign-bus-van-assign-015');
export const AssignBusVanAssign016: Story = scenario('assign-bus-van-assign-016');
export const AssignBusVanAssign022: Story = scenario('assign-bus-van-assign-022');
export const AssignNetworkFailure: Story = scenario('assign-network-failure');
export const AssignStatusFailure: Story = scenario('assign-status-failure');
export const AssignSuccess: Story = scenario('assign-success');
export const AssignSystemError: Story = scenario('assign-system-error');
export const AssignTimeout: Story = scenario('assign-timeout');
export const AssignUnknownBusinessError: Story = scenario('assign-unknown-business-error');
export const ColdTapBus0003: Story = scenario('cold-tap-bus0003');
export const ColdTapBus0021: Story = scenario('cold-tap-bus0021');
export const ColdTapBus0027: Story = scenario('cold-tap-bus0027');
export const ColdTapBus011: Story = scenario('cold-tap-bus011');
export const ExistingPostpaid: Story = scenario('existing-postpaid');
export const ExistingPrepaid: Story = scenario('existing-prepaid');
export const ServiceabilityNetworkFailure: Story = scenario('serviceability-network-failure');
export const ServiceabilitySlow: Story = scenario('serviceability-slow');
export const ServiceabilityStatusFailure: Story = scenario('serviceability-status-failure');
export const ServiceableBus0003: Story = scenario('serviceable-bus0003');
export const ServiceableBus0027: Story = scenario('serviceable-bus0027');
export const ServiceableBus0111: Story = scenario('serviceable-bus0111');
export const ServiceableBus0138: Story = scenario('serviceable-bus0138');
export const ServiceableBus0143: Story = scenario('serviceable-bus0143');
export const ServiceableBus0144: Story = scenario('serviceable-bus0144');
export const ServiceableDetailsOnly: Story = scenario('serviceable-details-only');
export const UnserviceableUnknownCode: Story = scenario('unserviceable-unknown-code');
export const Unserviceable: Story = scenario('unserviceable');
