import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionHandlers } from '../../testing/account';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';

const meta = {
  title: 'Sign-in',
  component: StoryApp,
  parameters: { layout: 'fullscreen', msw: { handlers: [...contentHandlers(content), ...sessionHandlers([])] } },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page at `path`, ready once `[data-page]` shows and `ready` holds. */
function page(path: string, id: string, ready?: (canvas: ReturnType<typeof within>) => Promise<unknown>): Story {
  return {
    args: { path },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(`[data-page="${id}"]`)).toBeVisible(), { timeout: 10_000 });
      if (ready) await ready(within(canvasElement));
    },
  };
}

const radios = (n: number) => async (canvas: ReturnType<typeof within>) =>
  waitFor(() => expect(canvas.getAllByRole('radio')).toHaveLength(n), { timeout: 10_000 });
const identity = async (canvas: ReturnType<typeof within>) => expect(await canvas.findByTestId('identity')).toBeVisible();

export const HandoffEn: Story = page('/en/handoff', 'handoff');
export const HandoffEs: Story = page('/es/handoff', 'handoff');
export const AccountPickerEn: Story = page('/en/account-picker', 'account-picker', radios(3));
export const AccountPickerEs: Story = page('/es/account-picker', 'account-picker', radios(3));
export const TimeoutErrorEn: Story = page('/en/timeout-error', 'timeout-error');
export const TimeoutErrorEs: Story = page('/es/timeout-error', 'timeout-error');
export const PermissionErrorEn: Story = page('/en/permission-error', 'permission-error', identity);
export const PermissionErrorEs: Story = page('/es/permission-error', 'permission-error', identity);
