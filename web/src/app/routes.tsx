import { Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { MerchantShell } from './MerchantShell';
import { ErrorPage, NotFoundPage } from './pages';
import { isLocale } from './locale';
import { useLocale } from './useLocale';
import { ContentLoading } from '../content/ContentFallback';

function LocaleLayout() {
  const { locale } = useParams();
  if (!isLocale(locale)) {
    return (
      <MerchantShell locale="en">
        <NotFoundPage locale="en" />
      </MerchantShell>
    );
  }
  return (
    <MerchantShell locale={locale}>
      <Outlet />
    </MerchantShell>
  );
}

function ErrorRoute() {
  return <ErrorPage locale={useLocale()} />;
}

function NotFoundRoute() {
  return <NotFoundPage locale={useLocale()} />;
}

function TopLevelNotFound() {
  return (
    <MerchantShell locale="en">
      <NotFoundPage locale="en" />
    </MerchantShell>
  );
}

export interface RouteOptions {
  /** `move` renders the address check with the move headings (stories of the move variant). */
  retailVariant?: 'retail' | 'move';
}

/** The app's routes; each flow is a lazy route so its code loads only with it. */
export function buildRoutes({ retailVariant = 'retail' }: RouteOptions = {}): RouteObject[] {
  return [
    { path: '/', element: <Navigate to="/en/dollargeneral" replace /> },
    {
      path: '/:locale',
      element: <LocaleLayout />,
      HydrateFallback: ContentLoading,
      children: [
        {
          path: 'dollargeneral',
          lazy: async () => {
            const { RetailRoute } = await import('../flows/retail/RetailRoute');
            return { Component: () => <RetailRoute variant={retailVariant} /> };
          },
        },
        { path: 'error', element: <ErrorRoute /> },
        { index: true, element: <NotFoundRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
    { path: '*', element: <TopLevelNotFound /> },
  ];
}
