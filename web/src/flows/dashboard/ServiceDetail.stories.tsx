import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards, type DashboardState } from './fixtures';
import { dashboardHandlers } from './handlers';
import type { DetailPageId } from './routes';
import { dashboardContent } from './testContent';

/**
 * The service detail pages (seed 001 §2 routes, "Service detail") in English and Spanish, on
 * MSW answers of `getProfile` and `getDashboard`.
 */
const meta = {
  title: 'Dashboard/Service detail',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** `page` of the dashboard in `state`, in `locale`; `check` asserts what it shows once loaded. */
function story(page: DetailPageId, state: DashboardState, locale: Locale, check: (canvas: Canvas) => Promise<void> | void): Story {
  return {
    args: { path: `/${locale}/dashboard/${page}` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...dashboardHandlers(dashboards[state])] } },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${page}"][data-stage="show"]`)).toBeVisible(), { timeout: 10_000 });
      await check(within(canvasElement));
    },
  };
}

const c = dashboardContent;
const expiry = (canvas: Canvas) => expect(canvas.getByTestId('detail-expiry')).toHaveTextContent('11/28/2026');

export const InternetEn = story('detail-hsd', 'amber', 'en', expiry);
export const InternetEs = story('detail-hsd', 'amber', 'es', expiry);
export const InternetExpiredEn = story('detail-hsd', 'expired', 'en', (canvas) => expect(canvas.getByTestId('detail-status')).toHaveTextContent(c.en.detail.status.expired));
export const InternetExpiredEs = story('detail-hsd', 'expired', 'es', (canvas) => expect(canvas.getByTestId('detail-status')).toHaveTextContent(c.es.detail.status.expired));
export const InstantTvEn = story('detail-xitv', 'tv', 'en', (canvas) => expect(canvas.getByTestId('detail-products')).toBeVisible());
export const InstantTvEs = story('detail-xitv', 'tv', 'es', (canvas) => expect(canvas.getByTestId('detail-products')).toBeVisible());
export const NoInstantTvEn = story('detail-xitv', 'active', 'en', (canvas) => expect(canvas.getByText(c.en.detail.noTv)).toBeVisible());
export const NoInstantTvEs = story('detail-xitv', 'active', 'es', (canvas) => expect(canvas.getByText(c.es.detail.noTv)).toBeVisible());
export const Tv200En = story('detail-tv200', 'tv200', 'en', (canvas) => expect(canvas.getByTestId('detail-tv200')).toBeVisible());
export const Tv200Es = story('detail-tv200', 'tv200', 'es', (canvas) => expect(canvas.getByTestId('detail-tv200')).toBeVisible());
