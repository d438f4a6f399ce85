import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { recordingHandlers, type Recording } from '../../../testing/recordings';
import { content } from '../../../testing/content';
import type { BuyContent } from '../content';
import happyJson from '../recordings/happy-promo-accepted.json';
import { BroadbandLabel } from '../../../components/BroadbandLabel';

const happy = happyJson as unknown as Recording;
const en = (content.en.buyflow as unknown as BuyContent).broadbandLabel;
const es = (content.es.buyflow as unknown as BuyContent).broadbandLabel;
const FACTS = '*/-/api/my.prepaid/broadband-facts';

const server = setupServer();
const requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...recordingHandlers(happy, content)));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function show(label: BuyContent['broadbandLabel']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <BroadbandLabel content={label} />
    </Providers>,
  );
  return screen.getByRole('region', { name: label.regionLabel });
}

const rowValue = (region: HTMLElement, name: string) => within(region).getByRole('rowheader', { name }).nextElementSibling;

describe('broadband facts label (seed 000 §1)', () => {
  it('English: fetches the plan-tier widget label recorded from the BFF and shows it as a table', async () => {
    const region = show(en);
    expect(within(region).getByRole('status')).toHaveTextContent(en.loading);
    expect(await within(region).findByRole('table')).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'Broadband Facts' })).toBeInTheDocument();
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
    expect(rowValue(region, '30-day prepaid internet')).toHaveTextContent('$45 30 days');
    expect(rowValue(region, '7-day prepaid internet')).toHaveTextContent('$15 7 days');
    expect(rowValue(region, 'Typical download speed')).toHaveTextContent('234.5 Mbps');
    expect(rowValue(region, 'Typical upload speed')).toHaveTextContent('11.72 Mbps');
    expect(rowValue(region, 'Typical latency')).toHaveTextContent('18.4 ms');
    expect(rowValue(region, 'Overage charges')).toHaveTextContent('$0');
    expect(region).toHaveTextContent('200 Mbps');
    const url = new URL(requests.find((r) => r.url.includes('broadband-facts'))!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tierIds: 'HSD_030',
      servicePlanType: 'PREPAID',
      lob: 'INTERNET',
      sourceIds: 'prepaid-portal',
    });
  });

  it('Spanish: shows the static label from content and calls nothing', async () => {
    const region = show(es);
    const label = es.staticLabel!;
    expect(within(region).getByRole('heading', { name: label.title })).toBeInTheDocument();
    for (const plan of label.plans) expect(rowValue(region, plan.name)).toHaveTextContent(`${plan.price} ${plan.period}`);
    for (const row of label.rows) expect(rowValue(region, row.name)).toHaveTextContent(row.value);
    await delay(50);
    expect(requests).toHaveLength(0);
  });

  it('English: a failing call shows the content notice, not an error page', async () => {
    server.use(
      http.get(FACTS, () =>
        HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 'r' }, { status: 502 }),
      ),
    );
    const region = show(en);
    expect(await within(region).findByText(en.unavailable)).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: en.heading })).toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('English: no label for the tier shows the same notice', async () => {
    server.use(http.get(FACTS, () => HttpResponse.json({ labels: [] })));
    const region = show(en);
    expect(await within(region).findByText(en.unavailable)).toBeInTheDocument();
  });
});
