import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import type { AllContent } from '../../content/hooks';
import { recordingHandlers, type ContentRecording, type Exchange, type Recording } from '../../testing/recordings';
import { bySituation, callLog, localeOf, TIMEOUT, type CallLog, type Locale } from '../../testing/scenarioStory';
import { StoryApp } from '../../testing/StoryApp';
import { encodeAccountId } from '../dashboard/format';
import type { AccountPicker, SignInResult } from './api';
import { nextPath } from './Handoff';

const content = contentJson as unknown as ContentRecording;
const all = (locale: Locale) => content[locale].all as AllContent;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

interface SigninInput {
  identity: string;
  account?: string;
  signOutElsewhere?: boolean;
  dashboardAccount?: string;
}

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

const DECODER = 'POST /secure2/decoder';
const key = (e: Exchange) => `${e.method} ${e.path}`;

/** The element that marks each final stage (as `playwright/tests/signin-scenarios.spec.ts`). */
const FINAL: Record<string, string> = {
  dashboard: '[data-page="dashboard"][data-stage="show"]',
  activation: '[data-page="dashboard"][data-stage="activation"]',
  'account-picker': '[data-page="account-picker"]',
  'permission-error': '[data-page="permission-error"]',
  'timeout-error': '[data-page="timeout-error"]',
  error: '[data-page="errorPage"]',
};

/** Where the story starts: the edited dashboard URL, else where the decoder's answer leads. */
function startPath(recording: Recording, locale: Locale): string {
  const input = recording.scenario.input as unknown as SigninInput;
  if (input.dashboardAccount) return `/${locale}/dashboard?accountId=${encodeAccountId(input.dashboardAccount)}`;
  const decoded = recording.exchanges.find((e) => key(e) === DECODER);
  if (!decoded) throw new Error(`${recording.scenario.id}: no decodeSignIn in the recording`);
  return nextPath(locale, decoded.body as SignInResult);
}

/** Chooses `account` on the picker (its address line is the radio's name) and continues. */
async function choose(root: HTMLElement, recording: Recording, account: string, locale: Locale): Promise<void> {
  const listed = recording.exchanges.find((e) => key(e) === 'GET /secure2/account-picker')?.body as AccountPicker | undefined;
  const address = [...(listed?.open ?? []), ...(listed?.closed ?? [])].find((a) => a.accountId === account)?.streetAddress;
  if (!address) throw new Error(`account ${account} is not on the recorded picker`);
  const picker = await waitFor(() => within(root).getByRole('radio', { name: new RegExp(address) }), { timeout: TIMEOUT });
  await userEvent.click(picker);
  await userEvent.click(within(root).getByRole('button', { name: all(locale).accountPicker.continueLabel }));
}

/** Every call the recording holds after the decoder was made by the app. */
async function expectRecordedCalls(recording: Recording, log: CallLog): Promise<void> {
  const calls = recording.exchanges.map(key).filter((c) => c !== DECODER);
  await waitFor(
    () => {
      const missing = calls.filter((c) => !log.calls.includes(c));
      if (missing.length) throw new Error(`the app never made ${missing.join(', ')}`);
    },
    { timeout: TIMEOUT },
  );
}

function scenario(situation: string): Story {
  const recording = recordings.get(situation);
  const locale = localeOf(situation, recordings);
  const log = callLog();
  return {
    name: `signin/${situation} [${locale}]`,
    args: { path: recording ? startPath(recording, locale) : `/${locale}/handoff` },
    parameters: { msw: { handlers: recording ? [log.handler, ...recordingHandlers(recording, content)] : [] }, scenario: `signin/${situation}` },
    beforeEach: () => {
      log.calls.length = 0;
    },
    play: async ({ canvasElement }) => {
      if (!recording) throw new Error(`no recording of signin/${situation}`);
      const input = recording.scenario.input as unknown as SigninInput;
      if (input.account) await choose(canvasElement, recording, input.account, locale);
      await expectRecordedCalls(recording, log);
      const stage = String(recording.scenario.expect.stage);
      const final = FINAL[stage];
      if (!final) throw new Error(`no marker for stage ${stage}`);
      // error pages come after the readiness delay (1 s)
      await waitFor(() => expect(canvasElement.querySelector(final)).toBeVisible(), { timeout: TIMEOUT });
    },
  };
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
export const PingExpired: Story = scenario('ping-expired');
export const StateExpiringSoon: Story = scenario('state-expiring-soon');
export const StateExpired: Story = scenario('state-expired');
export const StateAutoRefill: Story = scenario('state-auto-refill');
export const StateScheduledMove: Story = scenario('state-scheduled-move');
export const StateAcpApproved: Story = scenario('state-acp-approved');
export const StateAcpTribal: Story = scenario('state-acp-tribal');
export const StateAcpDeEnrolled: Story = scenario('state-acp-de-enrolled');
export const StateTvPackages: Story = scenario('state-tv-packages');
export const StateLegacyTv: Story = scenario('state-legacy-tv');
export const StateNoInternet: Story = scenario('state-no-internet');
export const StateVan: Story = scenario('state-van');
export const SyncBothNa: Story = scenario('sync-both-na');
export const SyncBothTrue: Story = scenario('sync-both-true');
export const SyncEmailFalsePhoneTrue: Story = scenario('sync-email-false-phone-true');
export const SyncEmailNaPhoneFalse: Story = scenario('sync-email-na-phone-false');
export const TokenRefused: Story = scenario('token-refused');
export const UserinfoUnavailable: Story = scenario('userinfo-unavailable');
