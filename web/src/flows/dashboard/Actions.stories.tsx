import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards } from './fixtures';
import { actionHandlers, dashboardHandlers } from './handlers';
import { dashboardContent } from './testContent';

/**
 * The dashboard's actions, en and es: the cancel-move confirmation (info modal), the dashboard
 * with the cancelled-move banner, and the reset-router modal restarted and failed, on
 * hand-written answers; each result's other language is its recorded scenario story
 * (`Dashboard/Scenarios`).
 */
const meta = {
  title: 'Dashboard/Actions',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const shown = (root: HTMLElement, page: string) =>
  waitFor(() => expect(root.querySelector(`[data-page="${page}"][data-stage="show"]`)).toBeVisible(), { timeout: 10_000 });

function cancelConfirm(locale: Locale): Story {
  const c = dashboardContent[locale].notifications;
  return {
    args: { path: `/${locale}/dashboard/notifications` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...actionHandlers(), ...dashboardHandlers(dashboards.scheduledMove)] } },
    play: async ({ canvasElement }) => {
      await shown(canvasElement, 'notifications');
      await userEvent.click(within(canvasElement).getByRole('button', { name: c.cancel }));
      const body = within(canvasElement.ownerDocument.body);
      await expect(await body.findByRole('button', { name: c.cancelModal.confirm })).toBeVisible();
      await expect(body.getByRole('button', { name: c.cancelModal.keep })).toBeVisible();
    },
  };
}

function cancelled(locale: Locale): Story {
  const c = dashboardContent[locale];
  return {
    args: { path: `/${locale}/dashboard/notifications` },
    parameters: {
      msw: {
        handlers: [
          ...contentHandlers(content),
          ...actionHandlers({ afterCancel: dashboards.active }),
          ...dashboardHandlers(dashboards.scheduledMove),
        ],
      },
    },
    play: async ({ canvasElement }) => {
      await shown(canvasElement, 'notifications');
      await userEvent.click(within(canvasElement).getByRole('button', { name: c.notifications.cancel }));
      const body = within(canvasElement.ownerDocument.body);
      await userEvent.click(await body.findByRole('button', { name: c.notifications.cancelModal.confirm }));
      await expect(await body.findByTestId('move-cancelled', {}, { timeout: 10_000 })).toHaveTextContent(c.moveCancelled);
    },
  };
}

function resetRouter(locale: Locale, result: 'restarted' | 'failed'): Story {
  const r = dashboardContent[locale].resetRouter;
  const label = dashboardContent[locale].helpfulLinks.links.find((l) => l.id === 'reset-router')!.label;
  return {
    args: { path: `/${locale}/dashboard` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...actionHandlers({ restart: { result } }), ...dashboardHandlers(dashboards.active)] } },
    play: async ({ canvasElement }) => {
      await shown(canvasElement, 'dashboard');
      await userEvent.click(within(canvasElement).getByRole('button', { name: label }));
      const body = within(canvasElement.ownerDocument.body);
      await expect(await body.findByText(r.intro)).toBeVisible();
      await userEvent.click(body.getByRole('button', { name: r.restart }));
      const title = result === 'restarted' ? r.restartedTitle : r.failedTitle;
      await expect(await body.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeVisible();
    },
  };
}

export const CancelConfirmEn = cancelConfirm('en');
export const CancelConfirmEs = cancelConfirm('es');
// the other language of each is a recorded scenario story (`DashboardScenarios.stories.tsx`:
// cancel-move en, restart-restarted en, restart-failed es)
export const MoveCancelledBannerEs = cancelled('es');
export const ResetRouterRestartedEs = resetRouter('es', 'restarted');
export const ResetRouterFailedEn = resetRouter('en', 'failed');
