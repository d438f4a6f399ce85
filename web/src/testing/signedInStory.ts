import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../content/recordings/content.json';
import { nextPath } from '../flows/signin/Handoff';
import type { AccountPicker, SignInResult } from '../flows/signin/api';
import { encodeAccountId } from '../lib/accountId';
import { recordingHandlers, type ContentRecording, type Exchange, type Recording } from './recordings';
import { callLog, localeOf, TIMEOUT, type CallLog, type Locale } from './scenarioStory';
import type { StoryApp } from './StoryApp';

/**
 * Shared by the scenario stories of the signed-in flows (`SigninScenarios.stories.tsx`, and
 * every flow with a row in `xtask/src/record_signed_in.rs`): their recordings start after the
 * sign-in (Storybook cannot leave for the provider): the sign-in flow's at the page
 * `decodeSignIn` led to (its picker choice walked by `chooseAccount`), another flow's at its
 * `start`, its recording holding only that page's calls.
 */

/** What a signed-in scenario story's play gets: the scenario's recording, its language and the calls made. */
export interface ScenarioPlay {
  canvasElement: HTMLElement;
  recording: Recording;
  locale: Locale;
  log: CallLog;
}

/**
 * The story of the signed-in scenario `{flow}/{situation}` on its recording (`recordings`, by
 * situation), language alternating by id: it starts at `startPath` (`/{locale}{fallback}`
 * without a recording, where `play` fails), serves the recorded answers, logs the calls the
 * page makes, and runs the flow's `play` (what a person does, then its checks).
 */
export function signedInScenario(
  flow: string,
  situation: string,
  recordings: Map<string, Recording>,
  fallback: string,
  play: (p: ScenarioPlay) => Promise<void>,
): StoryObj<typeof StoryApp> & { args: { path: string } } {
  const recording = recordings.get(situation);
  const locale = localeOf(situation, recordings);
  const log = callLog();
  const content = contentJson as unknown as ContentRecording;
  return {
    name: `${flow}/${situation} [${locale}]`,
    args: { path: recording ? startPath(recording, locale) : `/${locale}${fallback}` },
    parameters: { msw: { handlers: recording ? [log.handler, ...recordingHandlers(recording, content)] : [] }, scenario: `${flow}/${situation}` },
    beforeEach: () => {
      log.calls.length = 0;
    },
    play: async ({ canvasElement }) => {
      if (!recording) throw new Error(`no recording of ${flow}/${situation}`);
      await play({ canvasElement, recording, locale, log });
    },
  };
}

/** Input of a signed-in scenario (`scenarios/README.md` "Sign-in flow"). */
export interface SignedInInput {
  identity: string;
  account?: string;
  signOutElsewhere?: boolean;
  dashboardAccount?: string;
}

const DECODER = 'POST /secure2/decoder';
const key = (e: Exchange) => `${e.method} ${e.path}`;

/** The element that marks each final stage (as `playwright/tests/signin-scenarios.spec.ts`). */
export const FINAL_STAGE: Record<string, string> = {
  dashboard: '[data-page="dashboard"][data-stage="show"]',
  // the account-state page leaves for the activation steps after 1.5 s (as the browser walk)
  activation: '[data-page="activation"][data-stage="steps"]',
  'account-picker': '[data-page="account-picker"]',
  'permission-error': '[data-page="permission-error"]',
  'timeout-error': '[data-page="timeout-error"]',
  error: '[data-page="errorPage"]',
};

/**
 * Where the story starts: the edited dashboard URL (`dashboardAccount`); for the sign-in flow
 * the page the recorded `decodeSignIn` answer leads to (`nextPath`, as the hand-off navigates);
 * for another flow the page its recording names (`page`), else its `start`, below the locale.
 */
export function startPath(recording: Recording, locale: Locale): string {
  const input = recording.scenario.input as unknown as SignedInInput;
  if (input.dashboardAccount) return `/${locale}/dashboard?accountId=${encodeAccountId(input.dashboardAccount)}`;
  if (recording.scenario.flow !== 'signin') return `/${locale}${recording.page ?? recording.scenario.start}`;
  const decoded = recording.exchanges.find((e) => key(e) === DECODER);
  if (!decoded) throw new Error(`${recording.scenario.id}: no decodeSignIn in the recording`);
  return nextPath(locale, decoded.body as SignInResult);
}

/** Chooses `account` on the picker (its address line names the radio), then `continueLabel`. */
export async function chooseAccount(root: HTMLElement, recording: Recording, account: string, continueLabel: string): Promise<void> {
  const listed = recording.exchanges.find((e) => key(e) === 'GET /secure2/account-picker')?.body as AccountPicker | undefined;
  const address = [...(listed?.open ?? []), ...(listed?.closed ?? [])].find((a) => a.accountId === account)?.streetAddress;
  if (!address) throw new Error(`account ${account} is not on the recorded picker`);
  const radio = await waitFor(() => within(root).getByRole('radio', { name: new RegExp(address) }), { timeout: TIMEOUT });
  await userEvent.click(radio);
  await userEvent.click(within(root).getByRole('button', { name: continueLabel }));
}

/**
 * Waits until the shell's sync-up check has asked, when the recording holds it: it asks once the
 * page is drawn and the browser idle (`SyncUpCheck`), and a story that acts at once (a failed
 * cancel that leaves for the error page) could leave before it, as no customer does.
 */
export async function syncUpAsked(recording: Recording, log: CallLog): Promise<void> {
  const call = recording.exchanges.map(key).find((c) => c.startsWith('GET ') && c.endsWith('/sync-up'));
  if (call) await callsMade(log, [call]);
}

/**
 * Closes the dashboard's welcome tour if it is open (a first visit in this browser), as a
 * customer does, with its close button: the shell's sync-up check asks only once it is closed.
 * The tour is drawn with the page, so this runs once the dashboard shows.
 */
export async function closeWelcomeTour(root: HTMLElement): Promise<void> {
  const tour = root.ownerDocument.querySelector<HTMLDialogElement>('dialog[data-testid="welcome-tour"][open]');
  if (!tour) return;
  // the × of its header (Escape would close it too, but a script's key events are not the
  // browser's: the platform's dialog does not take them)
  await userEvent.click(within(tour).getAllByRole('button')[0]!);
  await waitFor(() => expect(tour.open).toBe(false), { timeout: TIMEOUT });
}

/** Waits until the app has made every call the recording holds after the decoder. */
export async function expectRecordedCalls(recording: Recording, log: CallLog): Promise<void> {
  await callsMade(log, recording.exchanges.map(key).filter((c) => c !== DECODER));
}

/** Waits until the app has made each of `calls` (`METHOD path` keys of the log). */
async function callsMade(log: CallLog, calls: string[]): Promise<void> {
  await waitFor(
    () => {
      const missing = calls.filter((c) => !log.calls.includes(c));
      if (missing.length) throw new Error(`the app never made ${missing.join(', ')}`);
    },
    { timeout: TIMEOUT },
  );
}

/** Waits until the final stage `stage` shows. */
export async function expectFinalStage(root: HTMLElement, stage: string): Promise<void> {
  const marker = FINAL_STAGE[stage];
  if (!marker) throw new Error(`no marker for stage ${stage}`);
  // error pages come after the readiness delay (1 s)
  await waitFor(() => expect(root.querySelector(marker)).toBeVisible(), { timeout: TIMEOUT });
}
