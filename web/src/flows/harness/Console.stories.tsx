import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import contentJson from '../../content/recordings/content.json';
import { contentHandlers, type ContentRecording } from '../../testing/recordings';
import { StoryApp } from '../../testing/StoryApp';
import { consoleFixture, settingsFixture } from './fixtures';
import type { ConsoleSettingsView } from './settings';
import { CONSOLE_TEXTS } from './texts';

const content = contentJson as unknown as ContentRecording;

/** Content, the console's data and `/harness/settings` answering `settings`. */
function handlers(settings: ConsoleSettingsView) {
  return [
    ...contentHandlers(content),
    http.get('/harness/console.json', () => HttpResponse.json({ scenarios: consoleFixture })),
    http.get('/harness/settings', () => HttpResponse.json(settings)),
  ];
}

/** The scenario console (harness mode) in the merchant shell, on fixed console data. */
const meta = {
  title: 'Harness/Console',
  component: StoryApp,
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: handlers(settingsFixture(false)) },
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

/** Faults added to the active scenario: the list and the scenario file to copy (Spanish). */
export const FaultsAddedSpanish: Story = {
  args: { path: '/es/harness' },
  parameters: {
    msw: {
      handlers: handlers(
        settingsFixture(true, {
          faults: { assign: { kind: 'timeout' }, serviceability: { kind: 'delay', ms: 1500 } },
          yaml: 'title: Device assigned, ready to buy (+ assign timeout, serviceability delay)\nflow: retail\nupstream:\n  assign:\n    fault:\n      kind: timeout\n',
          file: 'scenarios/retail/sample-success-faults.yaml',
        }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const t = CONSOLE_TEXTS.es.faults;
    const panel = await within(canvasElement).findByRole('region', { name: t.title }, { timeout: 10_000 });
    await within(panel).findByText('assign: timeout', {}, { timeout: 10_000 });
    await expect(within(panel).getByRole('textbox', { name: t.yamlLabel.replace('{file}', 'scenarios/retail/sample-success-faults.yaml') })).toHaveAttribute('readonly');
  },
};

/** This browser's seeded chaos on, no scenario active (English). */
export const ChaosOnEnglish: Story = {
  args: { path: '/en/harness' },
  parameters: { msw: { handlers: handlers(settingsFixture(false, { chaos: '20:4711' })) } },
  play: async ({ canvasElement }) => {
    const t = CONSOLE_TEXTS.en.faults;
    const panel = await within(canvasElement).findByRole('region', { name: t.title }, { timeout: 10_000 });
    await within(panel).findByText('Chaos on: 20 % of calls, seed 4711.', {}, { timeout: 10_000 });
    await expect(within(panel).getByText(t.noScenario)).toBeVisible();
  },
};
