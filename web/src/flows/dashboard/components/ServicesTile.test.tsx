import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouter, memoryHistory } from '../../../app/router';
import { describe, expect, it } from 'vitest';
import { dashboards } from '../fixtures';
import { dashboardContent } from '../testContent';
import type { Dashboard } from '../types';
import { ServicesTile } from './ServicesTile';

const en = dashboardContent.en;
const es = dashboardContent.es;

function tile(dashboard: Dashboard, locale: 'en' | 'es' = 'en') {
  render(
    <AppRouter history={memoryHistory('/')}>
      <ServicesTile dashboard={dashboard} content={locale === 'en' ? en : es} locale={locale} />
    </AppRouter>,
  );
  return screen.getByTestId('services-tile');
}

describe('services status tile (seed 001 §2, §4 "Service status")', () => {
  it('active: green ring named Active, expiry m/d/yyyy, details link, auto-enrol, no refill-now', () => {
    const t = tile(dashboards.active);
    expect(within(t).getByTestId('days-ring')).toHaveAttribute('data-ring', 'green');
    expect(within(t).getByTestId('ring-state')).toHaveTextContent(en.services.ring.green);
    expect(within(t).getByText('20 days left')).toBeInTheDocument();
    expect(within(t).getByText('Expires 12/13/2026')).toBeInTheDocument();
    expect(within(t).getByRole('link', { name: en.services.details })).toHaveAttribute('href', '/en/dashboard/detail-hsd');
    expect(within(t).getByRole('link', { name: en.services.autoEnrol })).toHaveAttribute('href', '/en/dashboard/auto-refill');
    expect(within(t).queryByRole('link', { name: en.services.refillNow })).not.toBeInTheDocument();
    expect(within(t).queryByTestId('expired')).not.toBeInTheDocument();
  });

  it('5 days left: amber ring named in words, refill-now to the refill page', () => {
    const t = tile(dashboards.amber);
    expect(within(t).getByTestId('days-ring')).toHaveAttribute('data-ring', 'amber');
    expect(within(t).getByTestId('ring-state')).toHaveTextContent('Expiring soon');
    expect(within(t).getByRole('link', { name: 'Refill now' })).toHaveAttribute('href', '/en/refill');
  });

  it('expired: red ring, expired icon and message, refill-now, no auto-enrol, no details link', () => {
    const t = tile(dashboards.expired);
    expect(within(t).getByTestId('ring-state')).toHaveTextContent('Expired');
    const expired = within(t).getByTestId('expired');
    expect(expired.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(expired).toHaveTextContent(en.services.expiredTitle);
    expect(expired).toHaveTextContent(en.services.expiredMessage);
    expect(within(t).getByText('0 days left')).toBeInTheDocument();
    expect(within(t).getByText('Expired 11/23/2026')).toBeInTheDocument();
    expect(within(t).getByRole('link', { name: 'Refill now' })).toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: en.services.autoEnrol })).not.toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: en.services.details })).not.toBeInTheDocument();
  });

  it('one day left uses the singular', () => {
    tile({ ...dashboards.amber, internet: { ...dashboards.amber.internet, daysRemaining: 1 } }, 'es');
    expect(screen.getByText('Queda 1 día')).toBeInTheDocument();
  });

  it('deactivated: expired message and Reactivate to reconnect, no ring', () => {
    const t = tile(dashboards.deactivated, 'es');
    expect(within(t).getByTestId('deactivated')).toHaveTextContent(es.services.deactivatedMessage);
    expect(within(t).getByRole('link', { name: 'Reactivar' })).toHaveAttribute('href', '/es/reconnect');
    expect(within(t).queryByTestId('days-ring')).not.toBeInTheDocument();
  });

  it('moving: not a link, paused warning, no refill-now', () => {
    const t = tile(dashboards.scheduledMove);
    expect(within(t).getByTestId('moving-paused')).toHaveTextContent(en.services.movingPaused);
    expect(within(t).queryByRole('link', { name: en.services.details })).not.toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: 'Refill now' })).not.toBeInTheDocument();
  });

  it('paused: blue ring named Paused in words', () => {
    const t = tile({ ...dashboards.scheduledMove, paused: true, internet: { ...dashboards.active.internet!, ring: 'blue' } }, 'es');
    expect(within(t).getByTestId('days-ring')).toHaveAttribute('data-ring', 'blue');
    expect(within(t).getByTestId('ring-state')).toHaveTextContent('En pausa');
  });

  it('expired while moving: told to refill, then come back and restart the move', () => {
    const t = tile(dashboards.expiredMoving);
    expect(within(t).getByTestId('expired')).toHaveTextContent(en.services.expiredMoving);
    expect(within(t).queryByTestId('moving-paused')).not.toBeInTheDocument();
  });

  it('TV products by name from content, in order; unknown codes are left out, never shown as ids', () => {
    tile({ ...dashboards.tv, tv: [...dashboards.tv.tv, { productCode: 'VDO_UNKNOWN_30' }] }, 'es');
    const items = within(screen.getByTestId('tv-products')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Instant TV Básico', 'Paquete de Deportes y Noticias', 'HBO']);
  });

  it('no TV products: no TV section', () => {
    tile(dashboards.active);
    expect(screen.queryByTestId('tv-products')).not.toBeInTheDocument();
  });

  it('auto-refill on: a badge opening a modal with Cancel Auto Refill; no auto-enrol', async () => {
    const user = userEvent.setup();
    const t = tile(dashboards.autoRefill);
    expect(within(t).queryByRole('link', { name: en.services.autoEnrol })).not.toBeInTheDocument();
    await user.click(within(t).getByRole('button', { name: en.autoRefill.badge }));
    const modal = await screen.findByRole('dialog', { name: en.autoRefill.modalTitle });
    expect(within(modal).getByRole('link', { name: en.autoRefill.cancel })).toHaveAttribute('href', '/en/dashboard/auto-refill');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
