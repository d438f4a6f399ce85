import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../../testing/recordings';
import { content } from '../../testing/content';
import { renderApp } from '../../testing/render';
import { groupScenarios, matches, startHref } from './console';
import { consoleFixture, settingsFixture } from './fixtures';
import { CONSOLE_TEXTS } from './texts';

const server = setupServer(
  ...contentHandlers(content),
  http.get('/harness/console.json', () => HttpResponse.json({ scenarios: consoleFixture })),
  http.get('/harness/settings', () => HttpResponse.json(settingsFixture(false))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ids = (el: HTMLElement) => [...el.querySelectorAll('[data-scenario]')].map((e) => e.getAttribute('data-scenario'));

describe('scenario console: grouping and search', () => {
  it('groups by flow (alphabetically), then by outcome class in the order of their first scenario', () => {
    const groups = groupScenarios(consoleFixture);
    expect(groups.map((g) => [g.flow, g.count])).toEqual([
      ['buy', 1],
      ['payments', 1],
      ['retail', 3],
    ]);
    const retail = groups[2]!;
    expect(retail.classes.map((c) => [c.outcomeClass, c.scenarios.map((s) => s.id)])).toEqual([
      ['notice|existingPrepaid|||', ['retail/sample-notice-a', 'retail/sample-notice-b']],
      ['readytobuy|readyToBuy.heading|false||', ['retail/sample-success']],
    ]);
  });

  it('finds a scenario by business code in any spelling, by id and by title', () => {
    const found = (q: string) => consoleFixture.filter((s) => matches(s, q)).map((s) => s.id);
    expect(found('XSAMPLE_VAN_002')).toEqual(['retail/sample-notice-b']);
    expect(found('xsample-van-002')).toEqual(['retail/sample-notice-b']);
    expect(found('xsample_order_3')).toEqual(['buy/sample-refused']);
    expect(found('buy/sample')).toEqual(['buy/sample-refused']);
    expect(found('  other ANSWER ')).toEqual(['retail/sample-notice-b']);
    expect(found('')).toHaveLength(consoleFixture.length);
  });
});

describe('scenario console page', () => {
  it('shows every scenario with its codes, expectation, story, browser test and start links in both languages', async () => {
    renderApp('/en/harness');
    const t = CONSOLE_TEXTS.en;
    await screen.findByRole('heading', { level: 1, name: t.title });
    const retail = await screen.findByRole('region', { name: /^retail/ });
    expect(ids(retail)).toEqual(['retail/sample-notice-a', 'retail/sample-notice-b', 'retail/sample-success']);
    expect(within(retail).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      `${t.outcomeClass}: notice · existingPrepaid`,
      `${t.outcomeClass}: readytobuy · readyToBuy.heading · false`,
    ]);

    const row = document.querySelector<HTMLElement>('[data-scenario="retail/sample-success"]')!;
    expect(within(row).getByRole('heading', { level: 4 })).toHaveTextContent('Device assigned, ready to buy');
    expect(row.querySelector('[data-expect]')).toHaveTextContent('stage: readytobuy · message: readyToBuy.heading · coldTap: false');
    expect(row.querySelector('[data-story]')).toHaveTextContent('retail-scenarios--sample-success');
    expect(row.querySelector('[data-browser]')).toHaveTextContent('retail.spec.ts');
    expect(within(row).getByRole('link', { name: `${t.startEn}: Device assigned, ready to buy` })).toHaveAttribute(
      'href',
      '/harness/start/retail/sample-success?locale=en',
    );
    expect(within(row).getByRole('link', { name: `${t.startEs}: Device assigned, ready to buy` })).toHaveAttribute(
      'href',
      startHref('retail/sample-success', 'es'),
    );
    const bare = document.querySelector<HTMLElement>('[data-scenario="retail/sample-notice-b"]')!;
    expect(bare.querySelector('[data-story]')).toHaveTextContent(t.noStory);
    expect(bare.querySelector('[data-browser]')).toHaveTextContent(t.noBrowser);
    const unseen = screen.getByRole('region', { name: /^payments/ });
    expect(within(unseen).getByRole('heading', { level: 3 })).toHaveTextContent(t.unclassified);
  });

  it('filters as the user types a business code, and says when nothing matches (Spanish)', async () => {
    renderApp('/es/harness');
    const t = CONSOLE_TEXTS.es;
    const search = await screen.findByRole('searchbox', { name: t.searchLabel });
    expect(screen.getByRole('status')).toHaveTextContent('5 escenarios');
    await userEvent.type(search, 'xsample-order-3');
    expect(screen.getByRole('status')).toHaveTextContent('1 escenario');
    expect(ids(document.body)).toEqual(['buy/sample-refused']);
    expect(screen.queryByRole('region', { name: /^retail/ })).not.toBeInTheDocument();
    const row = document.querySelector<HTMLElement>('[data-scenario="buy/sample-refused"]')!;
    expect(within(row).getByRole('link', { name: `${t.startEs}: Order refused by the provider` })).toHaveAttribute(
      'href',
      '/harness/start/buy/sample-refused?locale=es',
    );
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like this');
    expect(screen.getByRole('status')).toHaveTextContent(t.noMatch);
    expect(ids(document.body)).toEqual([]);
  });

  it('outside harness mode (no data) says the console is not there', async () => {
    server.use(http.get('/harness/console.json', () => new HttpResponse(null, { status: 404 })));
    renderApp('/en/harness');
    expect(await screen.findByRole('alert')).toHaveTextContent(CONSOLE_TEXTS.en.unavailable);
  });
});
