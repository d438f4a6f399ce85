import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import contentJson from '../content/recordings/content.json';
import { contentHandlers, type ContentRecording } from '../testing/recordings';
import { StoryApp } from '../testing/StoryApp';

const content = contentJson as unknown as ContentRecording;

const meta = {
  title: 'Pages',
  component: StoryApp,
  parameters: { layout: 'fullscreen', msw: { handlers: contentHandlers(content) } },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function page(path: string, id: 'errorPage' | 'notFound'): Story {
  return {
    args: { path },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${id}"]`)).toBeVisible(), { timeout: 10_000 });
    },
  };
}

export const ErrorPageEn: Story = page('/en/error', 'errorPage');
export const ErrorPageEs: Story = page('/es/error', 'errorPage');
export const NotFoundEn: Story = page('/en/no-such-page', 'notFound');
export const NotFoundEs: Story = page('/es/no-such-page', 'notFound');
