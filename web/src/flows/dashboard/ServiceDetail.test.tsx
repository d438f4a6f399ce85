import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { TOUR_SEEN_KEY } from './components/WelcomeTour';
import { dashboards } from './fixtures';
import { dashboardHandlers } from './handlers';
import { dashboardContent } from './testContent';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(...contentHandlers(content));
  localStorage.setItem(TOUR_SEEN_KEY, 'true');
});
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('service detail pages (seed 001 §2 routes "detail-hsd, detail-xitv, detail-tv200")', () => {
  it.each(['en', 'es'] as const)('%s: detail-hsd shows status, days remaining and the expiry date m/d/yyyy UTC', async (locale) => {
    const c = dashboardContent[locale];
    server.use(...dashboardHandlers(dashboards.amber));
    renderApp(`/${locale}/dashboard/detail-hsd`);
    await screen.findByRole('heading', { level: 1, name: c.services.internetName });
    expect(screen.getByTestId('detail-status')).toHaveTextContent(c.detail.status.active);
    expect(screen.getByTestId('detail-days')).toHaveTextContent('5');
    // 2026-11-28 in both languages (seed 001 §9)
    expect(screen.getByTestId('detail-expiry')).toHaveTextContent('11/28/2026');
    expect(screen.getByText(c.detail.daysRemainingLabel)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: c.detail.back })).toHaveAttribute('href', `/${locale}/dashboard`);
    expect(screen.getByTestId('detail-address')).toHaveTextContent('1200 Market St Apt 4Philadelphia, PA 19107');
  });

  it('detail-hsd of an expired plan: Expired and 0 days', async () => {
    server.use(...dashboardHandlers(dashboards.expired));
    renderApp('/en/dashboard/detail-hsd');
    expect(await screen.findByTestId('detail-status')).toHaveTextContent(dashboardContent.en.detail.status.expired);
    expect(screen.getByTestId('detail-days')).toHaveTextContent('0');
    expect(screen.getByTestId('detail-expiry')).toHaveTextContent('11/23/2026');
  });

  it('detail-hsd of a deactivated account: its status, no days', async () => {
    server.use(...dashboardHandlers(dashboards.deactivated));
    renderApp('/es/dashboard/detail-hsd');
    expect(await screen.findByTestId('detail-status')).toHaveTextContent(dashboardContent.es.detail.status.deactivated);
    expect(screen.queryByTestId('detail-days')).not.toBeInTheDocument();
  });

  it.each(['en', 'es'] as const)('%s: detail-xitv lists the TV products by their content names', async (locale) => {
    const c = dashboardContent[locale];
    server.use(...dashboardHandlers(dashboards.tv));
    renderApp(`/${locale}/dashboard/detail-xitv`);
    await screen.findByRole('heading', { level: 1, name: c.detail.xitvTitle });
    const names = within(screen.getByTestId('detail-products'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    const named = (code: string) => c.services.tvProducts.find((t) => t.code === code)!.text;
    expect(names).toEqual([named('VDO_XITV_30'), named('VDO_XITV_SPORTS_NEWS_30'), named('HBO')]);
  });

  it('detail-xitv without TV products says so', async () => {
    server.use(...dashboardHandlers(dashboards.active));
    renderApp('/en/dashboard/detail-xitv');
    expect(await screen.findByTestId('detail-empty')).toHaveTextContent(dashboardContent.en.detail.noTv);
  });

  it.each(['en', 'es'] as const)('%s: detail-tv200 shows the TV200 service, or says there is none', async (locale) => {
    const c = dashboardContent[locale];
    server.use(...dashboardHandlers(dashboards.tv200));
    const { unmount } = renderApp(`/${locale}/dashboard/detail-tv200`);
    await screen.findByRole('heading', { level: 1, name: c.detail.tv200Title });
    expect(within(screen.getByTestId('detail-tv200')).getByText(c.detail.status.active)).toBeInTheDocument();
    unmount();
    server.use(...dashboardHandlers(dashboards.active));
    renderApp(`/${locale}/dashboard/detail-tv200`);
    expect(await screen.findByTestId('detail-empty')).toHaveTextContent(c.detail.noTv200);
  });

  it('the account of the base64 accountId query, kept on the link back', async () => {
    const other = '8773100000000009';
    server.use(...dashboardHandlers(dashboards.error, { others: { [other]: dashboards.tv } }));
    renderApp(`/en/dashboard/detail-xitv?accountId=${btoa(other)}`);
    await screen.findByTestId('detail-products');
    expect(screen.getByRole('link', { name: dashboardContent.en.detail.back })).toHaveAttribute('href', `/en/dashboard?accountId=${encodeURIComponent(btoa(other))}`);
  });
});
