import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Route, Switch, useParams } from './router';
import { MerchantShell } from './MerchantShell';
import { ErrorPage, NotFoundPage } from './pages';
import { ContentLoading } from '../content/ContentFallback';
import { setRequestLocale } from '../api/client';
import { pageOf, pagePath, type FlowDef, type FlowScreenProps, type PageDef, type RouteOptions } from '../lib/flows';
import { isLocale } from '../lib/locale';
import { useLocale } from '../lib/useLocale';
import { buyFlow } from '../flows/buy/routes';
import { accountInformationFlow } from '../flows/account-information/routes';
import { activationFlow } from '../flows/activation/routes';
import { dashboardFlow } from '../flows/dashboard/routes';
import { paymentsFlows } from '../flows/payments/routes';
import { refillFlow } from '../flows/refill/routes';
import { reconnectFlow } from '../flows/reconnect/routes';
import { litepayFlow } from '../flows/litepay/routes';
import { moveFlow } from '../flows/move/routes';
import { retailFlow } from '../flows/retail/routes';
import { signInFlows } from '../flows/signin/routes';
import { harnessFlow } from '../flows/harness/routes';
import { SessionErrors } from './SessionErrors';

/** `/:locale/...`: an unknown locale is a not-found page; a known one sets the calls' language. */
function LocaleGate({ children }: { children: ReactNode }) {
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
  return (
    <>
      <SessionErrors />
      {children}
    </>
  );
}

/** The merchant page shell around the retail flow and the shared pages. */
function MerchantLayout({ children }: { children: ReactNode }) {
  return <MerchantShell locale={useLocale()}>{children}</MerchantShell>;
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

/**
 * A flow's screen at `/{locale}/{base}/*`, loaded with the flow's own chunk: one instance for
 * all its pages (state survives page changes), which picks its page from the path by the
 * flow's table (an unknown path below it is the flow's fallback page, else not found).
 */
function mountFlow<Id extends string, T extends string>(
  flow: FlowDef<Id, T>,
  loadScreen: () => Promise<ComponentType<FlowScreenProps<PageDef<Id, T>>>>,
  options: RouteOptions,
): { flow: FlowDef; element: ReactElement } {
  const Screen = lazy(async () => ({ default: await loadScreen() }));
  function FlowPage() {
    const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
    const page = flow.pages.find((p) => pagePath(p) === rest) ?? (flow.fallback === undefined ? undefined : pageOf(flow, flow.fallback));
    if (!page) return <NotFoundRoute />;
    return <Screen page={page} options={options} />;
  }
  return {
    flow,
    element: (
      <Suspense fallback={<ContentLoading />}>
        <FlowPage />
      </Suspense>
    ),
  };
}

/** `/{locale}` and any path below it; `locale` is its first segment. */
const LOCALE_PATH = /^\/(?<locale>[^/]+)(?:\/.*)?$/;

/**
 * The app's routes (wouter, the first match wins; `app/router.tsx`); each flow's code loads only
 * with it. Paths match in any letter case, as they did with React Router.
 */
export function AppRoutes({ options = {} }: { options?: RouteOptions }) {
  const [flows] = useState(() => [
    mountFlow(buyFlow, async () => (await import('../flows/buy/BuyFlow')).BuyFlow, options),
    mountFlow(retailFlow, async () => (await import('../flows/retail/RetailRoute')).RetailRoute, options),
    ...signInFlows.map((flow) => mountFlow(flow, async () => (await import('../flows/signin/SignInScreen')).SignInScreen, options)),
    mountFlow(dashboardFlow, async () => (await import('../flows/dashboard/DashboardFlow')).DashboardFlow, options),
    mountFlow(accountInformationFlow, async () => (await import('../flows/account-information/AccountInformationFlow')).AccountInformationFlow, options),
    ...paymentsFlows.map((flow) => mountFlow(flow, async () => (await import('../flows/payments/PaymentsScreen')).PaymentsScreen, options)),
    mountFlow(refillFlow, async () => (await import('../flows/refill/RefillScreen')).RefillScreen, options),
    mountFlow(reconnectFlow, async () => (await import('../flows/reconnect/ReconnectScreen')).ReconnectScreen, options),
    mountFlow(litepayFlow, async () => (await import('../flows/litepay/LitepayScreen')).LitepayScreen, options),
    mountFlow(moveFlow, async () => (await import('../flows/move/MoveScreen')).MoveScreen, options),
    mountFlow(activationFlow, async () => (await import('../flows/activation/ActivationScreen')).ActivationScreen, options),
    mountFlow(harnessFlow, async () => (await import('../flows/harness/ConsoleScreen')).ConsoleScreen, options),
  ]);
  const handoff = flows.find((f) => f.flow.base === 'handoff');
  // `/{locale}/{base}` and any path below it (`*`, the flow's page path); the longer base first
  // (`dashboard/edit-payment` before `dashboard`). No keys: `Switch` draws only the route that
  // matches, in one place, so going from one flow to another keeps the `Suspense` around them
  // and the page on view while the next flow's chunk loads
  const depth = (f: (typeof flows)[number]) => f.flow.base.split('/').length;
  const inShell = (shell: FlowDef['shell']) =>
    flows
      .filter((f) => f.flow.shell === shell)
      .sort((a, b) => depth(b) - depth(a))
      .map((f) => <Route path={`/:locale/${f.flow.base}/*?`}>{f.element}</Route>);
  return (
    <Switch>
      {/* `/` is the English handoff (seed 001 §2) */}
      <Route path="/">
        <SessionErrors />
        {handoff?.element}
      </Route>
      <Route path={LOCALE_PATH}>
        <LocaleGate>
          <Switch>
            {/* flows with a shell of their own (the new-customer buy flow) */}
            {inShell('own')}
            <Route>
              <MerchantLayout>
                <Switch>
                  {inShell('merchant')}
                  <Route path="/:locale/error">
                    <ErrorRoute />
                  </Route>
                  <Route>
                    <NotFoundRoute />
                  </Route>
                </Switch>
              </MerchantLayout>
            </Route>
          </Switch>
        </LocaleGate>
      </Route>
      <Route>
        <TopLevelNotFound />
      </Route>
    </Switch>
  );
}
