import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schemas } from '../../api/client';
import contentJson from '../../content/recordings/content.json';
import type { AllContent } from '../../content/hooks';
import type { ContentRecording, Exchange, Recording } from '../../testing/recordings';
import { bySituation, TIMEOUT, type Locale } from '../../testing/scenarioStory';
import { expectRecordedCalls, signedInScenario } from '../../testing/signedInStory';
import { StoryApp } from '../../testing/StoryApp';
import type { AccountInformation, CommunicationPreferences } from './api';

const content = contentJson as unknown as ContentRecording;
const prefsTexts = (locale: Locale) => (content[locale].accountDashboard as unknown as Schemas['AccountDashboard']).accountInformation.preferences;
const syncUpTexts = (locale: Locale) => (content[locale].all as AllContent).syncUp;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

/**
 * One story per account-information scenario (`scenarios/account-information/*.yaml`), language
 * alternating by id, on its recording (`cargo run -p xtask -- record`: the sign-in, then the
 * account-information page's calls, the scenario's write as the page makes it and what the
 * page reads after it). The story starts at `/{locale}/dashboard/account-information` (the
 * recording's `page`) and does what a person does: `input.syncUp` sets the sync-up modal's
 * choices and submits; `input.language`/`smsOptIn` edit the preferences card and press Update;
 * neither only looks. It must make every recorded call and end on `expect.stage`.
 */
const meta = {
  title: 'Account information/Scenarios',
  component: StoryApp,
  tags: ['scenario'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

interface Input {
  language?: CommunicationPreferences['language'];
  smsOptIn?: boolean;
  syncUp?: CommunicationPreferences;
}

/** The first recorded answer of `GET <path ending>`. */
function answer<T>(recording: Recording, ending: string): T | undefined {
  return recording.exchanges.find((e: Exchange) => e.method === 'GET' && e.path.endsWith(ending))?.body as T | undefined;
}

/** Waits until `check` holds. */
const until = (check: () => void) => waitFor(check, { timeout: TIMEOUT });

function scenario(situation: string): Story {
  return signedInScenario('account-information', situation, recordings, '/dashboard/account-information', async ({ canvasElement, recording, locale, log }) => {
    const input = recording.scenario.input as unknown as Input;
    const stage = String(recording.scenario.expect.stage);
    const canvas = within(canvasElement);
    const doc = within(canvasElement.ownerDocument.body);
    const card = await canvas.findByTestId('preferences-card', {}, { timeout: TIMEOUT });
    if (input.syncUp) {
      const s = syncUpTexts(locale);
      const defaults = answer<Schemas['SyncUp']>(recording, '/sync-up')?.defaults;
      const modal = within(await doc.findByTestId('sync-up-modal', {}, { timeout: TIMEOUT }));
      if (input.syncUp.smsOptIn !== defaults?.smsOptIn) await userEvent.click(modal.getByRole('checkbox', { name: s.smsOptIn }));
      if (input.syncUp.language !== defaults?.language)
        await userEvent.click(modal.getByRole('radio', { name: input.syncUp.language === 'SPANISH' ? s.spanish : s.english }));
      await userEvent.click(modal.getByRole('button', { name: s.submit }));
    } else if (input.language) {
      const c = prefsTexts(locale);
      const saved = answer<AccountInformation>(recording, '/account-information')?.preferences;
      await userEvent.click(canvas.getByRole('button', { name: c.edit }));
      if (input.language !== saved?.language) await userEvent.click(canvas.getByRole('radio', { name: input.language === 'SPANISH' ? c.spanish : c.english }));
      if (input.smsOptIn !== saved?.smsOptIn) await userEvent.click(canvas.getByRole('switch', { name: c.smsLabel }));
      await userEvent.click(canvas.getByRole('button', { name: c.update }));
    }
    await expectRecordedCalls(recording, log);
    const modal = () => canvasElement.ownerDocument.querySelector('[data-testid="sync-up-modal"]');
    if (stage === 'updated' || stage === 'update-failed') await until(() => expect(card).toHaveAttribute('data-stage', stage));
    else if (stage === 'sync-up' || stage === 'sync-up-failed') await until(() => expect(modal()).toHaveAttribute('data-stage', stage));
    else if (stage === 'synced' || stage === 'no-sync-up') await until(() => expect(modal()).toBeNull());
    else throw new Error(`no check for stage ${stage}`);
    await expect(card).toBeVisible();
  });
}

export const SyncUpFailure: Story = scenario('sync-up-failure');
export const SyncUpNotOfferedUnknown: Story = scenario('sync-up-not-offered-unknown');
export const SyncUpNotOffered: Story = scenario('sync-up-not-offered');
export const SyncUpShown: Story = scenario('sync-up-shown');
export const SyncUpSubmitted: Story = scenario('sync-up-submitted');
export const UpdateFailure: Story = scenario('update-failure');
export const UpdateServerError: Story = scenario('update-server-error');
export const UpdateSuccess: Story = scenario('update-success');
