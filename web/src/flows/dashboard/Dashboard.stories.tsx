import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards, type DashboardState } from './fixtures';
import { dashboardHandlers } from './handlers';
// where the account-state page leads (stories only: the flow itself imports no other flow)
import { activations } from '../activation/fixtures';
import { activationHandlers } from '../activation/handlers';
import { dashboardContent } from './testContent';

/**
 * The dashboard in each state of seed 001 §2 "Dashboard", in English and Spanish, on MSW
 * answers of `getProfile` and `getDashboard` (the shapes of issue 11's contract B).
 */
const meta = {
  title: 'Dashboard',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
  // the welcome tour shows once per browser; only its own story leaves it unseen
  beforeEach: () => {
    localStorage.setItem(TOUR_SEEN_KEY, 'true');
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A story of `state` in `locale`; `check` asserts what the state shows once it has loaded. */
function story(state: DashboardState, locale: Locale, check?: (canvas: ReturnType<typeof within>) => Promise<void> | void): Story {
  return {
    args: { path: `/${locale}/dashboard` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...dashboardHandlers(dashboards[state])] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await waitFor(() => expect(canvasElement.querySelector('[data-page="dashboard"][data-stage="show"]')).toBeVisible(), { timeout: 10_000 });
      await check?.(canvas);
    },
  };
}

const c = dashboardContent;
const ring = (value: string) => (canvas: ReturnType<typeof within>) => expect(canvas.getByTestId('days-ring')).toHaveAttribute('data-ring', value);

export const ActiveEn = story('active', 'en', ring('green'));
export const ActiveEs = story('active', 'es', ring('green'));
export const FiveDaysLeftEn = story('amber', 'en', (canvas) => expect(canvas.getByRole('link', { name: c.en.services.refillNow })).toBeVisible());
export const FiveDaysLeftEs = story('amber', 'es', (canvas) => expect(canvas.getByRole('link', { name: c.es.services.refillNow })).toBeVisible());
export const ExpiredEn = story('expired', 'en', (canvas) => expect(canvas.getByTestId('expired')).toBeVisible());
export const ExpiredEs = story('expired', 'es', (canvas) => expect(canvas.getByTestId('expired')).toBeVisible());
export const AutoRefillOnEn = story('autoRefill', 'en', (canvas) => expect(canvas.getByRole('button', { name: c.en.autoRefill.badge })).toBeVisible());
/** Its modal open, in Spanish (the English one is opened by keyboard in dashboard.storybook.spec.ts). */
export const AutoRefillOnEs = story('autoRefill', 'es', async (canvas) => {
  await userEvent.click(canvas.getByRole('button', { name: c.es.autoRefill.badge }));
  const modal = await within(document.body).findByRole('dialog', { name: c.es.autoRefill.modalTitle });
  await expect(within(modal).getByRole('link', { name: c.es.autoRefill.cancel })).toBeVisible();
});
export const PausedEn = story('paused', 'en', async (canvas) => {
  ring('blue')(canvas);
  await expect(canvas.getByTestId('ring-state')).toHaveTextContent(c.en.services.ring.blue);
});
export const PausedEs = story('paused', 'es', async (canvas) => {
  ring('blue')(canvas);
  await expect(canvas.getByTestId('ring-state')).toHaveTextContent(c.es.services.ring.blue);
});
export const DeactivatedEn = story('deactivated', 'en', (canvas) => expect(canvas.getByTestId('reconnect-faq')).toBeVisible());
export const DeactivatedEs = story('deactivated', 'es', (canvas) => expect(canvas.getByTestId('reconnect-faq')).toBeVisible());
export const ScheduledMoveEn = story('scheduledMove', 'en', (canvas) => expect(canvas.getByTestId('moving-paused')).toBeVisible());
export const ScheduledMoveEs = story('scheduledMove', 'es', (canvas) => expect(canvas.getByTestId('moving-paused')).toBeVisible());
export const ExpiredWhileMovingEn = story('expiredMoving', 'en', (canvas) => expect(canvas.getByText(c.en.services.expiredMoving)).toBeVisible());
export const ExpiredWhileMovingEs = story('expiredMoving', 'es', (canvas) => expect(canvas.getByText(c.es.services.expiredMoving)).toBeVisible());
export const AcpApprovedEn = story('acpApproved', 'en', (canvas) => expect(canvas.getByTestId('acp-banner')).toHaveTextContent('$30.00'));
export const AcpApprovedEs = story('acpApproved', 'es', (canvas) => expect(canvas.getByTestId('acp-banner')).toHaveTextContent('$30.00'));
export const AcpApprovedMovingEn = story('acpApprovedMoving', 'en', (canvas) => expect(canvas.getByText(c.en.acp.approvedMoving)).toBeVisible());
export const AcpApprovedMovingEs = story('acpApprovedMoving', 'es', (canvas) => expect(canvas.getByText(c.es.acp.approvedMoving)).toBeVisible());
export const AcpTribalEn = story('acpTribal', 'en', (canvas) => expect(canvas.getByText(c.en.acp.tribal)).toBeVisible());
export const AcpTribalEs = story('acpTribal', 'es', (canvas) => expect(canvas.getByText(c.es.acp.tribal)).toBeVisible());
export const AcpDeEnrolledEn = story('acpDeEnrolled', 'en', (canvas) => expect(canvas.getByRole('link', { name: c.en.acp.call.label })).toBeVisible());
export const AcpDeEnrolledEs = story('acpDeEnrolled', 'es', (canvas) => expect(canvas.getByRole('link', { name: c.es.acp.call.label })).toBeVisible());
// seed 001 §2: ACP banners are for Approved and De Enrolled only; Denied shows no ACP text
export const AcpDeniedEn = story('acpDenied', 'en', (canvas) => expect(canvas.queryByTestId('acp-banner')).toBeNull());
export const AcpDeniedEs = story('acpDenied', 'es', (canvas) => expect(canvas.queryByTestId('acp-banner')).toBeNull());
export const TvPackagesEn = story('tv', 'en', (canvas) => expect(canvas.getByTestId('tv-products')).toBeVisible());
export const TvPackagesEs = story('tv', 'es', (canvas) => expect(canvas.getByTestId('tv-products')).toBeVisible());
export const OfferBannerEn = story('offer', 'en', (canvas) => expect(canvas.getByTestId('offer-banner')).toBeVisible());
export const OfferBannerEs = story('offer', 'es', (canvas) => expect(canvas.getByTestId('offer-banner')).toBeVisible());
export const WinbackBannerEn = story('winback', 'en', (canvas) => expect(canvas.getByTestId('winback-banner')).toBeVisible());
export const WinbackBannerEs = story('winback', 'es', (canvas) => expect(canvas.getByTestId('winback-banner')).toBeVisible());

/**
 * Active account needing activation: the account-state page with the activation link, which
 * leaves by itself for the activation steps after 1.5 s (their calls answered too).
 */
function activation(locale: Locale): Story {
  const entry = { ...activations.found, accountId: '8773100000000002' };
  return {
    args: { path: `/${locale}/dashboard` },
    parameters: {
      msw: { handlers: [...contentHandlers(content), ...dashboardHandlers(dashboards.activation), ...activationHandlers({ entry, session: false })] },
    },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await waitFor(() => expect(canvas.getByRole('link', { name: c[locale].activationNeeded.link })).toBeVisible(), { timeout: 10_000 });
      await waitFor(() => expect(canvasElement.querySelector('[data-page="activation"][data-stage="steps"]')).toBeVisible(), { timeout: 10_000 });
    },
  };
}
export const ActivationNeededEn = activation('en');
export const ActivationNeededEs = activation('es');

/** The first visit in a browser: the welcome tour opens over the dashboard. */
function tour(locale: Locale): Story {
  return {
    args: { path: `/${locale}/dashboard` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...dashboardHandlers(dashboards.active)] } },
    beforeEach: () => {
      localStorage.removeItem(TOUR_SEEN_KEY);
    },
    play: async ({ canvasElement }) => {
      const body = within(canvasElement.ownerDocument.body);
      await waitFor(() => expect(body.getByRole('dialog', { name: c[locale].welcomeTour.label })).toBeVisible(), { timeout: 10_000 });
    },
  };
}
export const WelcomeTourEn = tour('en');
export const WelcomeTourEs = tour('es');
