import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../app/router';
import { Pagination } from '../../components/Pagination';
import { paymentHistoryQuery } from './api';
import { fill } from '../../lib/format';
import { formatDollars, formatUtcDate } from './format';
import type { PaymentsPageProps } from './types';

/** Seed 001 §9: error redirect delay. */
const ERROR_REDIRECT_MS = 1_000;

/**
 * `/{locale}/dashboard/payment-history` (seed 001 §2 "Payment history"): the BFF's groups by
 * UTC date, newest first, each with its date (m/d/yyyy) and total; 12 lines a page; the shared
 * pagination. A failed fetch goes to `/{locale}/error` (seed 001 §8).
 */
export function PaymentHistoryPage({ accountId, content, dashboardHref, locale }: PaymentsPageProps) {
  const h = content.history;
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const history = useQuery({ ...paymentHistoryQuery(accountId, page), placeholderData: keepPreviousData });
  useEffect(() => {
    if (!history.isError) return;
    const timer = setTimeout(() => navigate(`/${locale}/error`, { replace: true }), ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [history.isError, navigate, locale]);
  const productName = (code: string) => h.products.find((p) => p.code === code)?.text ?? h.otherProduct;

  const d = history.data;
  if (!d)
    return (
      <section className="payments" data-page="payment-history" data-stage={history.isError ? 'error' : 'loading'} role="status" aria-busy="true">
        <title>{h.title}</title>
        <h1>{h.title}</h1>
        <p>{content.loading}</p>
      </section>
    );
  return (
    <section className="payments" data-page="payment-history" data-stage={d.totalItems === 0 ? 'empty' : 'list'} aria-busy={history.isFetching}>
      <title>{h.title}</title>
      <h1>{h.title}</h1>
      {d.totalItems === 0 && <p>{h.empty}</p>}
      {d.groups.map((g) => (
        <section key={g.date} className="history-group" aria-labelledby={`history-${g.date}`} data-testid="history-group">
          <h2 id={`history-${g.date}`} className="history-group__heading">
            <span>{formatUtcDate(g.date)}</span> <span className="history-group__total">{fill(h.total, { amount: formatDollars(g.total) })}</span>
          </h2>
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">{h.product}</th>
                <th scope="col">{h.duration}</th>
                <th scope="col">{h.amount}</th>
                <th scope="col">{h.expires}</th>
              </tr>
            </thead>
            <tbody>
              {g.items.map((i) => (
                <tr key={`${i.paidAt}-${i.productCode}`} data-testid="history-item">
                  <td>{productName(i.productCode)}</td>
                  <td>{fill(h.durationDays, { n: i.planDays })}</td>
                  <td>{formatDollars(i.amount)}</td>
                  <td>{i.expirationDate ? formatUtcDate(i.expirationDate) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <Pagination
        pages={d.pages}
        current={d.page}
        onChange={setPage}
        labels={{ nav: h.paginationLabel, previous: h.previous, next: h.next, page: (n) => fill(h.page, { n }) }}
      />
      <p>
        <Link to={dashboardHref}>{content.back}</Link>
      </p>
    </section>
  );
}
