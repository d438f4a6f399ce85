import { Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { MerchantShell } from './MerchantShell';
import { ErrorPage, NotFoundPage } from './pages';
import { isLocale } from './locale';
import { useLocale } from './useLocale';
import { ContentLoading } from '../content/ContentFallback';
import { setRequestLocale } from '../api/client';

/** `/:locale`: an unknown locale is a not-found page; a known one sets the calls' language. */
function LocaleGate() {
  const { locale } = useParams();
  if (!isLocale(locale)) {
    setRequestLocale('en');
    return (
      <MerchantShell locale="en">
        <NotFoundPage locale="en" />
      </MerchantShell>
    );
  }
  // before any child renders and starts a call: every call carries `Accept-Language`
  setRequestLocale(locale);
  return <Outlet />;
}

/** The merchant page shell around the retail flow and the shared pages. */
function MerchantLayout() {
  return (
    <MerchantShell locale={useLocale()}>
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
      element: <LocaleGate />,
      HydrateFallback: ContentLoading,
      children: [
        {
          // the new-customer buy flow: its own shell and its own lazy chunk
          path: 'buy/*',
          lazy: async () => {
            const { BuyFlow } = await import('../flows/buy/BuyFlow');
            return { Component: BuyFlow };
          },
        },
        {
          element: <MerchantLayout />,
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
      ],
    },
    { path: '*', element: <TopLevelNotFound /> },
  ];
}
