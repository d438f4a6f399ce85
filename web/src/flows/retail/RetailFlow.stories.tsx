import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import type { MerchantFlow } from '../../content/hooks';
import { recordingHandlers, type ContentRecording, type Recording } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import { planFor, addressCheckLoaded, waitForStage, walkRetail } from '../../testing/walk';
import type { Stage } from './routes';

const content = contentJson as unknown as ContentRecording;
const recordings = Object.values(
  import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }),
);

type Locale = 'en' | 'es';
const mf = (locale: Locale) => content[locale].merchantFlow as MerchantFlow;

const meta = {
  title: 'Retail/Starter-kit flow',
  component: StoryApp,
  // the address check draws its street combobox from the start (the play functions use it)
  loaders: [addressCheckLoaded],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The retail screen inside the merchant shell at one stage, reached by a `play` function that
 * walks the flow with a recorded scenario's input; the BFF answers are the recording's.
 */
function stageStory(stage: Stage | 'errorPage', locale: Locale): Story {
  const plan = planFor(stage, recordings);
  return {
    name: `${stage} (${locale})`,
    args: { path: `/${locale}/dollargeneral` },
    parameters: {
      msw: { handlers: plan ? recordingHandlers(plan.recording, content, { hold: plan.hold }) : [] },
      scenario: plan?.recording.scenario.id,
    },
    play: async ({ canvasElement }) => {
      if (!plan) throw new Error(`no recording reaches stage ${stage}`);
      await walkRetail(canvasElement, plan.recording.scenario.input, mf(locale), plan.stopAt);
      await waitForStage(canvasElement, stage);
    },
  };
}

export const AddressCheckEn: Story = stageStory('addressCheck', 'en');
export const AddressCheckEs: Story = stageStory('addressCheck', 'es');
export const ValidateAddressEn: Story = stageStory('validateAddress', 'en');
export const ValidateAddressEs: Story = stageStory('validateAddress', 'es');
export const AddressErrorEn: Story = stageStory('addressError', 'en');
export const AddressErrorEs: Story = stageStory('addressError', 'es');
export const AddressMultiUnitEn: Story = stageStory('addressMultiUnit', 'en');
export const AddressMultiUnitEs: Story = stageStory('addressMultiUnit', 'es');
export const ServiceableEn: Story = stageStory('serviceable', 'en');
export const ServiceableEs: Story = stageStory('serviceable', 'es');
export const UnserviceableEn: Story = stageStory('unserviceable', 'en');
export const UnserviceableEs: Story = stageStory('unserviceable', 'es');
export const ExistingPrepaidAccountEn: Story = stageStory('existingPrepaidAccount', 'en');
export const ExistingPrepaidAccountEs: Story = stageStory('existingPrepaidAccount', 'es');
export const ExistingPostpaidAccountEn: Story = stageStory('existingPostpaidAccount', 'en');
export const ExistingPostpaidAccountEs: Story = stageStory('existingPostpaidAccount', 'es');
export const CodeCheckSubmitEn: Story = stageStory('codeCheckSubmit', 'en');
export const CodeCheckSubmitEs: Story = stageStory('codeCheckSubmit', 'es');
export const ReadyToBuyEn: Story = stageStory('readytobuy', 'en');
export const ReadyToBuyEs: Story = stageStory('readytobuy', 'es');
/** A serviceability failure status leaves the flow for `/{locale}/error`. */
export const ServiceabilityErrorEn: Story = stageStory('errorPage', 'en');
export const ServiceabilityErrorEs: Story = stageStory('errorPage', 'es');

function moveStory(locale: Locale): Story {
  return {
    name: `addressCheck, move variant (${locale})`,
    args: { path: `/${locale}/dollargeneral`, options: { retailVariant: 'move' } },
    parameters: { msw: { handlers: recordingHandlers({ scenario: recordings[0]!.scenario, exchanges: [] }, content) } },
    play: async ({ canvasElement }) => {
      await waitForStage(canvasElement, 'addressCheck');
      await waitFor(() =>
        expect(canvasElement.querySelector('h1')).toHaveTextContent(mf(locale).addressCheck.moveHeading),
      );
    },
  };
}

export const MoveAddressCheckEn: Story = moveStory('en');
export const MoveAddressCheckEs: Story = moveStory('es');
