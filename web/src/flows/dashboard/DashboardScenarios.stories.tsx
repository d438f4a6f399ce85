import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import type { ContentRecording, Recording } from '../../testing/recordings';
import { bySituation, expectVisibleText, TIMEOUT, type Locale } from '../../testing/scenarioStory';
import { contentText } from '../../testing/scenarioFiles';
import { expectFinalStage, expectRecordedCalls, signedInScenario, syncUpAsked } from '../../testing/signedInStory';
import { StoryApp } from '../../testing/StoryApp';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import type { DashboardContent } from './content';

const content = contentJson as unknown as ContentRecording;
const texts = (locale: Locale) => content[locale].accountDashboard as unknown as DashboardContent;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

/**
 * One story per dashboard-action scenario (`scenarios/dashboard/*.yaml`), language alternating
 * by id, on its recording (`cargo run -p xtask -- record`: the sign-in, then the calls of the
 * page the action is on, the action's write as the page makes it and what the page reads
 * after it). The story starts at that page (the recording's `page`), presses what a person
 * presses (`input.action`: `cancelMove` Cancel then "Yes, Cancel" on the notifications page;
 * `restartDevice` the reset-router link then Restart on the dashboard), must make every
 * recorded call and ends as `expect` says (stage and, when named, the content text `message`).
 */
const meta = {
  title: 'Dashboard/Scenarios',
  component: StoryApp,
  tags: ['scenario'],
  parameters: { layout: 'fullscreen' },
  // the welcome tour (once per browser) is not what these stories are about
  beforeEach: () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The reset-router modal's stage of each final stage (`ResetRouter.tsx`). */
const MODAL_STAGE: Record<string, string> = { restarted: 'restarted', 'restart-failed': 'failed' };

const pageShown = (root: HTMLElement, page: string) =>
  waitFor(() => expect(root.querySelector(`[data-page="${page}"][data-stage="show"]`)).toBeVisible(), { timeout: TIMEOUT });

function scenario(situation: string): Story {
  return signedInScenario('dashboard', situation, recordings, '/dashboard', async ({ canvasElement, recording, locale, log }) => {
    const c = texts(locale);
    const canvas = within(canvasElement);
    const doc = canvasElement.ownerDocument.body;
    const { input, expect: outcome } = recording.scenario as unknown as { input: { action: string }; expect: { stage: string; message?: string } };
    if (input.action === 'cancelMove') {
      await pageShown(canvasElement, 'notifications');
      await syncUpAsked(recording, log);
      await userEvent.click(canvas.getByRole('button', { name: c.notifications.cancel }));
      await userEvent.click(await within(doc).findByRole('button', { name: c.notifications.cancelModal.confirm }));
    } else {
      await pageShown(canvasElement, 'dashboard');
      await syncUpAsked(recording, log);
      const label = c.helpfulLinks.links.find((l) => l.id === 'reset-router')!.label;
      await userEvent.click(canvas.getByRole('button', { name: label }));
      await userEvent.click(await within(doc).findByRole('button', { name: c.resetRouter.restart }));
    }
    await expectRecordedCalls(recording, log);
    const modal = MODAL_STAGE[outcome.stage];
    if (modal) {
      await waitFor(() => expect(doc.querySelector(`[data-testid="reset-router-modal"][data-stage="${modal}"]`)).toBeVisible(), { timeout: TIMEOUT });
    } else {
      await expectFinalStage(canvasElement, outcome.stage);
    }
    if (outcome.message) await expectVisibleText(doc, contentText(c, outcome.message));
  });
}

export const CancelMoveFailure: Story = scenario('cancel-move-failure');
export const CancelMoveRefused: Story = scenario('cancel-move-refused');
export const CancelMove: Story = scenario('cancel-move');
export const RestartFailed: Story = scenario('restart-failed');
export const RestartRestarted: Story = scenario('restart-restarted');
