import type { ComponentType } from 'react';
import { Navigate, Outlet, useMatches, useParams, type RouteObject } from 'react-router';
import { MerchantShell } from './MerchantShell';
import { ErrorPage, NotFoundPage } from './pages';
import { ContentLoading } from '../content/ContentFallback';
import { setRequestLocale } from '../api/client';
import { pageOf, pagePath, type FlowDef, type FlowScreenProps, type PageDef, type RouteOptions } from '../lib/flows';
import { isLocale } from '../lib/locale';
import { useLocale } from '../lib/useLocale';
import { buyFlow } from '../flows/buy/routes';
import { retailFlow, retailHref } from '../flows/retail/routes';

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

interface MountedFlow {
  shell: FlowDef['shell'];
  route: RouteObject;
}

/**
 * A flow's routes, read from its table: the flow's screen at its base (loaded with the flow's
 * own chunk), and a child route per page (the fallback page also at `*`). A child route draws
 * nothing itself: its `handle` names the page, and the flow's screen draws it.
 */
function mountFlow<Id extends string, T extends string>(
  flow: FlowDef<Id, T>,
  loadScreen: () => Promise<ComponentType<FlowScreenProps<PageDef<Id, T>>>>,
  options: RouteOptions,
): MountedFlow {
  const child = (page: PageDef<Id, T>, path = pagePath(page)): RouteObject =>
    path === '' ? { index: true, element: null, handle: page } : { path, element: null, handle: page };
  const fallback = flow.fallback === undefined ? [] : [child(pageOf(flow, flow.fallback), '*')];
  return {
    shell: flow.shell,
    route: {
      path: flow.base,
      lazy: async () => {
        const Screen = await loadScreen();
        function FlowPage() {
          const page = useMatches().at(-1)?.handle as PageDef<Id, T>;
          return <Screen page={page} options={options} />;
        }
        return { Component: FlowPage };
      },
      children: [...flow.pages.map((page) => child(page)), ...fallback],
    },
  };
}

/** The app's routes; each flow is a lazy route so its code loads only with it. */
export function buildRoutes(options: RouteOptions = {}): RouteObject[] {
  const flows = [
    mountFlow(buyFlow, async () => (await import('../flows/buy/BuyFlow')).BuyFlow, options),
    mountFlow(retailFlow, async () => (await import('../flows/retail/RetailRoute')).RetailRoute, options),
  ];
  const inShell = (shell: FlowDef['shell']) => flows.filter((f) => f.shell === shell).map((f) => f.route);
  return [
    { path: '/', element: <Navigate to={retailHref('en')} replace /> },
    {
      path: '/:locale',
      element: <LocaleGate />,
      HydrateFallback: ContentLoading,
      children: [
        // flows with a shell of their own (the new-customer buy flow)
        ...inShell('own'),
        {
          element: <MerchantLayout />,
          children: [
            ...inShell('merchant'),
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
