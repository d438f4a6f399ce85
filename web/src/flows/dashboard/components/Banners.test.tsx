import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import { AppRouter, memoryHistory } from '../../../app/router';
import { describe, expect, it, vi } from 'vitest';
import { dashboards } from '../fixtures';
import { dashboardContent } from '../testContent';
import type { Dashboard } from '../types';
import { AcpBanner, PromoBanner } from './Banners';
import { HelpfulLinks, visibleLinks } from './HelpfulLinks';

const en = dashboardContent.en;
const es = dashboardContent.es;

function inRouter(node: React.ReactNode) {
  return render(<AppRouter history={memoryHistory('/')}>{node}</AppRouter>);
}

describe('ACP banner (seed 001 §2 "ACP banner", §6)', () => {
  it.each([
    ['approved', dashboards.acpApproved, 'You\'re enrolled in the Affordable Connectivity Program. Your $30.00 monthly credit is applied when you refill.'],
    ['approved with a scheduled move', dashboards.acpApprovedMoving, en.acp.approvedMoving],
    ['approved, Tribal', dashboards.acpTribal, en.acp.tribal],
    ['de-enrolled', dashboards.acpDeEnrolled, en.acp.deEnrolled],
  ])('%s', (_, dashboard, text) => {
    inRouter(<AcpBanner dashboard={dashboard} content={en.acp} locale="en" />);
    const banner = screen.getByTestId('acp-banner');
    expect(within(banner).getByRole('heading', { level: 2 })).toHaveTextContent(en.acp.heading);
    expect(banner).toHaveTextContent(text);
  });

  it('de-enrolled has the call action', () => {
    inRouter(<AcpBanner dashboard={dashboards.acpDeEnrolled} content={es.acp} locale="es" />);
    expect(screen.getByRole('link', { name: es.acp.call.label })).toHaveAttribute('href', 'tel:+18557577372');
  });

  it('approved has no call action', () => {
    inRouter(<AcpBanner dashboard={dashboards.acpApproved} content={en.acp} locale="en" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['no ACP', dashboards.active],
    ['denied', { ...dashboards.active, acp: { status: 'denied', tribal: false } } satisfies Dashboard],
  ])('%s: nothing', (_, dashboard) => {
    inRouter(<AcpBanner dashboard={dashboard} content={en.acp} locale="en" />);
    expect(screen.queryByTestId('acp-banner')).not.toBeInTheDocument();
  });
});

describe('offer and winback banners (seed 001 §2, §6)', () => {
  it('a valid non-winback promo shows the offer banner', () => {
    inRouter(<PromoBanner dashboard={dashboards.offer} content={en.promos} />);
    expect(screen.getByTestId('offer-banner')).toHaveTextContent(en.promos.offer.title);
    expect(screen.getByRole('link', { name: en.promos.offer.action.label })).toHaveAttribute('href', '/en/refill');
  });

  it('a winback promo shows the winback banner', () => {
    inRouter(<PromoBanner dashboard={dashboards.winback} content={es.promos} />);
    expect(screen.getByTestId('winback-banner')).toHaveTextContent(es.promos.winback.title);
  });

  it.each([
    ['no promo', dashboards.active],
    ['expired account', { ...dashboards.expired, promo: { id: 'P_SALE35OFF_021522', winback: false } } satisfies Dashboard],
    ['deactivated account', { ...dashboards.deactivated, promo: { id: 'P_WINBACK45OFF_1215', winback: true } } satisfies Dashboard],
  ])('%s: no banner', (_, dashboard) => {
    inRouter(<PromoBanner dashboard={dashboard} content={en.promos} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('helpful links (seed 001 §2)', () => {
  it('every icon id of the seed is in both bundles, once', () => {
    const ids = ['help', 'offers-promos', 'payment-history', 'payment-method', 'refill-cash', 'reset-router', 'setup-refill', 'move'];
    for (const c of [en, es]) expect(c.helpfulLinks.links.map((l) => l.id).sort()).toEqual([...ids].sort());
  });

  it('help opens in a new tab and says so; app links stay in the app; each has an icon', () => {
    inRouter(<HelpfulLinks dashboard={dashboards.active} content={en.helpfulLinks} onResetRouter={() => undefined} />);
    const help = screen.getByRole('link', { name: `Get help ${en.helpfulLinks.newTab}` });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    const history = screen.getByRole('link', { name: 'Payment history' });
    expect(history).toHaveAttribute('href', '/en/dashboard/payment-history');
    expect(history).not.toHaveAttribute('target');
    for (const link of screen.getAllByRole('link')) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('move is hidden while a move is scheduled, shown otherwise', () => {
    const ids = (d: Dashboard) => visibleLinks(en.helpfulLinks.links, d).map((l) => l.id);
    expect(ids(dashboards.active)).toContain('move');
    expect(ids(dashboards.scheduledMove)).not.toContain('move');
  });

  it('a deactivated account is offered neither a move nor a router restart, in either language', () => {
    for (const c of [en, es]) {
      const ids = visibleLinks(c.helpfulLinks.links, { ...dashboards.deactivated, behindTheModem: true }).map((l) => l.id);
      expect(ids).not.toContain('move');
      expect(ids).not.toContain('reset-router');
      expect(ids.length).toBeGreaterThan(0);
    }
  });

  it('reset-router is a button when the account has a modem MAC, left out without one', async () => {
    const onReset = vi.fn();
    inRouter(<HelpfulLinks dashboard={dashboards.active} content={es.helpfulLinks} onResetRouter={onReset} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reiniciar tu módem' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    const ids = visibleLinks(es.helpfulLinks.links, { ...dashboards.active, behindTheModem: false }).map((l) => l.id);
    expect(ids).not.toContain('reset-router');
  });
});
