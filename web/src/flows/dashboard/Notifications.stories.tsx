import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards } from './fixtures';
import { dashboardHandlers } from './handlers';

/** The notifications page with a scheduled move (seed 001 §4 "Scheduled move"), en and es. */
const meta = {
  title: 'Dashboard/Notifications',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function story(locale: Locale): Story {
  return {
    args: { path: `/${locale}/dashboard/notifications` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...dashboardHandlers(dashboards.scheduledMove)] } },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector('[data-page="notifications"][data-stage="show"]')).toBeVisible(), { timeout: 10_000 });
      // the move is on 12/3/2026: the cancel date shown is the day before
      await expect(within(canvasElement).getByTestId('move-cancel-by')).toHaveTextContent('12/2/2026');
    },
  };
}

export const ScheduledMoveEn = story('en');
export const ScheduledMoveEs = story('es');
