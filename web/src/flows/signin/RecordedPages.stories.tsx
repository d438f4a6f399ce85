import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import { recordingHandlers, type ContentRecording, type Exchange, type Recording } from '../../testing/recordings';
import { bySituation, TIMEOUT, type Locale } from '../../testing/scenarioStory';
import { StoryApp } from '../../testing/StoryApp';
import { encodeAccountId } from '../../lib/accountId';
import { activations } from '../activation/fixtures';
import { activationHandlers } from '../activation/handlers';
import { TOUR_SEEN_KEY } from '../dashboard/components/WelcomeTour';
import type { DashboardContent } from '../dashboard/content';

const content = contentJson as unknown as ContentRecording;
const recordings = bySituation(import.meta.glob<Recording>('./recordings/*.json', { eager: true, import: 'default' }));

/**
 * The account area's pages in every dashboard state the simulators hold, in en and es, from
 * recorded answers (the sign-in scenarios' recordings, `cargo run -p xtask -- record`, dates
 * re-anchored to 2026-01-05): each story opens the page of the account the recording ends on
 * (`?accountId=<base64>`, as the dashboard's links do) and replays the recorded `getProfile` and
 * `getDashboard` (`AutoRefillEs` then opens the auto-refill badge's modal). The hand-written
 * states of `Dashboard/*` (fixtures) show the rules one by one;
 * these show what the Rust simulators and the BFF answer for each test identity's account.
 */
const meta = {
  title: 'Account/Recorded',
  component: StoryApp,
  tags: ['recorded'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

type Page = 'dashboard' | 'activation' | 'notifications' | 'detail-hsd' | 'detail-xitv';

const DASHBOARD = /^\/secure2\/accounts\/(\d+)\/dashboard$/;

/** The account of the recording's last `getDashboard` (an aux account's, when one was followed). */
function lastAccount(recording: Recording): string {
  const last = recording.exchanges.filter((e: Exchange) => e.method === 'GET' && DASHBOARD.test(e.path)).at(-1);
  const id = last?.path.match(DASHBOARD)?.[1];
  if (!id) throw new Error(`${recording.scenario.id}: no getDashboard recorded`);
  return id;
}

/**
 * The account-state page leaves for the activation steps after 1.5 s: their calls (not part of
 * the sign-in recording) answered as the BFF would for the recording's account.
 */
function leavesFor(recording: Recording | undefined) {
  if (!recording) return [];
  return activationHandlers({ entry: { ...activations.found, accountId: lastAccount(recording) }, session: false });
}

const dashboardTexts = (locale: Locale) => content[locale].accountDashboard as unknown as DashboardContent;

/**
 * `open: 'autoRefill'`: the dashboard's auto-refill badge pressed, its modal open on the
 * recorded answers (the welcome tour, once per browser, marked seen so it does not cover it).
 */
function recorded(situation: string, page: Page, locale: Locale, open?: 'autoRefill'): Story {
  const recording = recordings.get(situation);
  const below = page === 'dashboard' || page === 'activation' ? '' : `/${page}`;
  const marker = page === 'activation' ? '[data-page="dashboard"][data-stage="activation"]' : `[data-page="${page}"][data-stage="show"]`;
  return {
    name: `${situation} ${page} [${locale}]`,
    args: { path: recording ? `/${locale}/dashboard${below}?accountId=${encodeAccountId(lastAccount(recording))}` : `/${locale}/dashboard` },
    parameters: { msw: { handlers: [...(page === 'activation' ? leavesFor(recording) : []), ...(recording ? recordingHandlers(recording, content) : [])] } },
    play: async ({ canvasElement }) => {
      if (!recording) throw new Error(`no recording of signin/${situation}`);
      await waitFor(() => expect(canvasElement.querySelector(marker)).toBeVisible(), { timeout: TIMEOUT });
      expect(document.documentElement.lang).toBe(locale);
      if (open === 'autoRefill') {
        const c = dashboardTexts(locale).autoRefill;
        await userEvent.click(within(canvasElement).getByRole('button', { name: c.badge }));
        const modal = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: c.modalTitle }, { timeout: TIMEOUT });
        await expect(within(modal).getByRole('link', { name: c.cancel })).toBeVisible();
      }
    },
    ...(open && {
      beforeEach: () => {
        localStorage.setItem(TOUR_SEEN_KEY, 'true');
      },
    }),
  };
}

export const OwnerOneEn: Story = recorded('owner-one', 'dashboard', 'en');
export const OwnerOneEs: Story = recorded('owner-one', 'dashboard', 'es');
export const OwnerOneDetailHsdEn: Story = recorded('owner-one', 'detail-hsd', 'en');
export const OwnerOneDetailHsdEs: Story = recorded('owner-one', 'detail-hsd', 'es');
export const ChosenNameEn: Story = recorded('chosen-name', 'dashboard', 'en');
export const ChosenNameEs: Story = recorded('chosen-name', 'dashboard', 'es');
export const DeactivatedEn: Story = recorded('deactivated', 'dashboard', 'en');
export const DeactivatedEs: Story = recorded('deactivated', 'dashboard', 'es');
export const ClosedAuxActivatedEn: Story = recorded('closed-aux-activated', 'dashboard', 'en');
export const ClosedAuxActivatedEs: Story = recorded('closed-aux-activated', 'dashboard', 'es');
export const ClosedAuxPreactivatedActivationEn: Story = recorded('closed-aux-preactivated', 'activation', 'en');
export const ClosedAuxPreactivatedActivationEs: Story = recorded('closed-aux-preactivated', 'activation', 'es');
export const ExpiringSoonEn: Story = recorded('state-expiring-soon', 'dashboard', 'en');
export const ExpiringSoonEs: Story = recorded('state-expiring-soon', 'dashboard', 'es');
export const ExpiredEn: Story = recorded('state-expired', 'dashboard', 'en');
export const ExpiredEs: Story = recorded('state-expired', 'dashboard', 'es');
export const AutoRefillEn: Story = recorded('state-auto-refill', 'dashboard', 'en');
export const AutoRefillEs: Story = recorded('state-auto-refill', 'dashboard', 'es', 'autoRefill');
export const ScheduledMoveEn: Story = recorded('state-scheduled-move', 'dashboard', 'en');
export const ScheduledMoveEs: Story = recorded('state-scheduled-move', 'dashboard', 'es');
export const ScheduledMoveNotificationsEn: Story = recorded('state-scheduled-move', 'notifications', 'en');
export const ScheduledMoveNotificationsEs: Story = recorded('state-scheduled-move', 'notifications', 'es');
export const AcpApprovedEn: Story = recorded('state-acp-approved', 'dashboard', 'en');
export const AcpApprovedEs: Story = recorded('state-acp-approved', 'dashboard', 'es');
export const AcpTribalEn: Story = recorded('state-acp-tribal', 'dashboard', 'en');
export const AcpTribalEs: Story = recorded('state-acp-tribal', 'dashboard', 'es');
export const AcpDeEnrolledEn: Story = recorded('state-acp-de-enrolled', 'dashboard', 'en');
export const AcpDeEnrolledEs: Story = recorded('state-acp-de-enrolled', 'dashboard', 'es');
export const AcpDeniedEn: Story = recorded('state-acp-denied', 'dashboard', 'en');
export const AcpDeniedEs: Story = recorded('state-acp-denied', 'dashboard', 'es');
export const TvPackagesEn: Story = recorded('state-tv-packages', 'dashboard', 'en');
export const TvPackagesEs: Story = recorded('state-tv-packages', 'dashboard', 'es');
export const TvPackagesDetailXitvEn: Story = recorded('state-tv-packages', 'detail-xitv', 'en');
export const TvPackagesDetailXitvEs: Story = recorded('state-tv-packages', 'detail-xitv', 'es');
export const VanEn: Story = recorded('state-van', 'dashboard', 'en');
export const VanEs: Story = recorded('state-van', 'dashboard', 'es');
export const PausedEn: Story = recorded('state-paused', 'dashboard', 'en');
export const PausedEs: Story = recorded('state-paused', 'dashboard', 'es');
