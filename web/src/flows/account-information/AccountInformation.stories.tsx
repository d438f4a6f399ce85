import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schemas } from '../../api/client';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import type { Locale } from '../../lib/locale';
import { accountInformationHandlers, type PrefsBehaviour } from './handlers';

/**
 * The account information page in every state (seed 001 §2 "Account info card",
 * "Communication preferences", the shell's sync-up modal), en and es.
 */
const meta = {
  title: 'Account information/Page',
  component: StoryApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

type Step = 'view' | 'editing' | 'saving' | 'updated' | 'update-failed' | 'sync-up';

const texts = (locale: Locale) => (content[locale].accountDashboard as unknown as Schemas['AccountDashboard']).accountInformation.preferences;

function story(locale: Locale, step: Step, behaviour: PrefsBehaviour = {}): Story {
  return {
    args: { path: `/${locale}/dashboard/account-information` },
    parameters: { msw: { handlers: [...contentHandlers(content), ...accountInformationHandlers(behaviour)] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const body = within(canvasElement.ownerDocument.body);
      const c = texts(locale);
      if (step === 'sync-up') {
        await expect(await body.findByTestId('sync-up-modal', {}, { timeout: 10_000 })).toBeVisible();
        return;
      }
      const card = await canvas.findByTestId('preferences-card', {}, { timeout: 10_000 });
      if (step === 'view') return expect(card).toHaveAttribute('data-stage', 'view');
      await userEvent.click(canvas.getByRole('button', { name: c.edit }));
      if (step === 'editing') return expect(card).toHaveAttribute('data-stage', 'editing');
      await userEvent.click(canvas.getByRole('radio', { name: c.spanish }));
      await userEvent.click(canvas.getByRole('button', { name: c.update }));
      await waitFor(() => expect(card).toHaveAttribute('data-stage', step), { timeout: 10_000 });
    },
  };
}

// viewed, saved (es), failed and the sync-up modal (es) are recorded scenario stories
// (`AccountInformationScenarios.stories.tsx`): sync-up-not-offered en and -unknown es,
// update-success es, update-server-error en and update-failure es, sync-up-shown es
export const EditingEn = story('en', 'editing');
export const EditingEs = story('es', 'editing');
export const SavingEn = story('en', 'saving', { update: 'pending' });
export const SavingEs = story('es', 'saving', { update: 'pending' });
export const SuccessModalEn = story('en', 'updated');
export const SyncUpModalEn = story('en', 'sync-up', { syncUpOpen: true });
