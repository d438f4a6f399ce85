import type { Meta, StoryObj } from '@storybook/react-vite';
import contentJson from '../../content/recordings/content.json';
import type { AllContent } from '../../content/hooks';
import type { ContentRecording, Recording } from '../../testing/recordings';
import { bySituation, type Locale } from '../../testing/scenarioStory';
import { chooseAccount, closeWelcomeTour, expectFinalStage, expectRecordedCalls, signedInScenario, type SignedInInput } from '../../testing/signedInStory';
import { StoryApp } from '../../testing/StoryApp';

const content = contentJson as unknown as ContentRecording;
const all = (locale: Locale) => content[locale].all as AllContent;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

/**
 * One story per sign-in scenario (`scenarios/signin/*.yaml`), language alternating by id, on its
 * recording (`cargo run -p xtask -- record`: the sign-in over HTTP through the simulated
 * provider, then the calls of the page it leads to). Storybook cannot leave for the provider, so
 * each story starts past the hand-off, at the page the recorded `decodeSignIn` answer leads to
 * (`nextPath`, as the hand-off navigates); an account named by the input is chosen on the picker
 * as a person does. Two scenarios stand for a second actor, and their recording holds its effect:
 * - `signOutElsewhere`: another tab signed out after the sign-in; this tab's next call
 *   (`getProfile` of the dashboard) is the recorded 403 `SESSION_EXPIRED`;
 * - `dashboardAccount`: the dashboard URL was edited to name another account
 *   (`?accountId=<base64>`); its `getDashboard` is the recorded refusal.
 * Each story must make every call recorded after the decoder and end on `expect.stage`.
 */
const meta = {
  title: 'Signin/Scenarios',
  component: StoryApp,
  tags: ['scenario'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function scenario(situation: string): Story {
  return signedInScenario('signin', situation, recordings, '/handoff', async ({ canvasElement, recording, locale, log }) => {
    const input = recording.scenario.input as unknown as SignedInInput;
    if (input.account) await chooseAccount(canvasElement, recording, input.account, all(locale).accountPicker.continueLabel);
    const stage = String(recording.scenario.expect.stage);
    // a first visit: the welcome tour comes with the dashboard, and the sync-up check after it
    if (stage === 'dashboard') {
      await expectFinalStage(canvasElement, stage);
      await closeWelcomeTour(canvasElement);
    }
    await expectRecordedCalls(recording, log);
    await expectFinalStage(canvasElement, stage);
  });
}

export const AccountRejected: Story = scenario('account-rejected');
export const AuxAccountFailure: Story = scenario('aux-account-failure');
export const ChosenName: Story = scenario('chosen-name');
export const ClosedAuxActivated: Story = scenario('closed-aux-activated');
export const ClosedAuxPreactivated: Story = scenario('closed-aux-preactivated');
export const DashboardErrorCode: Story = scenario('dashboard-error-code');
export const DashboardFailure: Story = scenario('dashboard-failure');
export const Deactivated: Story = scenario('deactivated');
export const IdentityError: Story = scenario('identity-error');
export const NoCustGuid: Story = scenario('no-cust-guid');
export const NonOwner: Story = scenario('non-owner');
export const NotInPrepaid: Story = scenario('not-in-prepaid');
export const OwnerOne: Story = scenario('owner-one');
export const OwnerSeveralActive: Story = scenario('owner-several-active');
export const OwnerSeveralClosed: Story = scenario('owner-several-closed');
export const OwnerSeveralNoPlans: Story = scenario('owner-several-no-plans');
export const OwnerSeveral: Story = scenario('owner-several');
export const OwnerStates: Story = scenario('owner-states');
export const PaymentHistory: Story = scenario('payment-history');
export const PingExpired: Story = scenario('ping-expired');
export const PromotionsFailure: Story = scenario('promotions-failure');
export const StateExpiringSoon: Story = scenario('state-expiring-soon');
export const StateExpired: Story = scenario('state-expired');
export const StateAutoRefill: Story = scenario('state-auto-refill');
export const StateScheduledMove: Story = scenario('state-scheduled-move');
export const StateAcpApproved: Story = scenario('state-acp-approved');
export const StateAcpTribal: Story = scenario('state-acp-tribal');
export const StateAcpDeEnrolled: Story = scenario('state-acp-de-enrolled');
export const StateAcpDenied: Story = scenario('state-acp-denied');
export const StateTvPackages: Story = scenario('state-tv-packages');
export const StateLegacyTv: Story = scenario('state-legacy-tv');
export const StateNoInternet: Story = scenario('state-no-internet');
export const StateVan: Story = scenario('state-van');
export const StatePaused: Story = scenario('state-paused');
export const SyncBothNa: Story = scenario('sync-both-na');
export const SyncBothTrue: Story = scenario('sync-both-true');
export const SyncEmailFalsePhoneTrue: Story = scenario('sync-email-false-phone-true');
export const SyncEmailNaPhoneFalse: Story = scenario('sync-email-na-phone-false');
export const TokenRefused: Story = scenario('token-refused');
export const UserinfoUnavailable: Story = scenario('userinfo-unavailable');
