import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import { contentHandlers, type ContentRecording } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import { consoleFixture } from './fixtures';
import { CONSOLE_TEXTS } from './texts';

const content = contentJson as unknown as ContentRecording;

/** The scenario console (harness mode) in the merchant shell, on fixed console data. */
const meta = {
  title: 'Harness/Console',
  component: StoryApp,
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [...contentHandlers(content), http.get('/harness/console.json', () => HttpResponse.json({ scenarios: consoleFixture }))] },
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function consoleStory(locale: 'en' | 'es', search?: string): Story {
  const t = CONSOLE_TEXTS[locale];
  return {
    args: { path: `/${locale}/harness` },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await canvas.findByRole('heading', { level: 1, name: t.title }, { timeout: 10_000 });
      await waitFor(() => expect(canvasElement.querySelectorAll('[data-scenario]')).toHaveLength(consoleFixture.length), { timeout: 10_000 });
      if (search) {
        await userEvent.type(canvas.getByRole('searchbox', { name: t.searchLabel }), search);
        await waitFor(() => expect(canvasElement.querySelectorAll('[data-scenario]')).toHaveLength(1));
      }
    },
  };
}

export const English: Story = consoleStory('en');
export const Spanish: Story = consoleStory('es');
export const SearchByCodeSpanish: Story = consoleStory('es', 'xsample_order_3');
