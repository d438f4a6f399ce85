import { Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useParams } from './router';
import { MerchantShell } from './MerchantShell';
import { ContentLoading } from '../content/ContentFallback';
import { setRequestLocale } from '../api/client';
import { pageOf, pagePath, type FlowDef, type FlowScreenProps, type PageDef, type RouteOptions } from '../lib/flows';
import type { FirstQueries } from '../lib/firstQueries';
import { isLocale, type Locale } from '../lib/locale';
import { lazyLoaded, moduleLoader, type ModuleLoader } from '../lib/moduleLoader';
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

/**
 * The shared pages (error, not found; `app/pages.tsx`) in a chunk of their own: they draw the
 * account area's shells, which no entry page should carry on its first load.
 */
const sharedPages = moduleLoader(() => import('./pages'));
const LazyErrorPage = lazyLoaded(sharedPages, (m) => m.ErrorPage);
const LazyNotFoundPage = lazyLoaded(sharedPages, (m) => m.NotFoundPage);
const LazyAccountNotFoundPage = lazyLoaded(sharedPages, (m) => m.AccountNotFoundPage);

function ErrorPage({ locale }: { locale: Locale }) {
  return (
    <Suspense fallback={<ContentLoading />}>
      <LazyErrorPage locale={locale} />
    </Suspense>
  );
}

function NotFoundPage({ locale }: { locale: Locale }) {
  return (
    <Suspense fallback={<ContentLoading />}>
      <LazyNotFoundPage locale={locale} />
    </Suspense>
  );
}

function AccountNotFoundPage({ locale }: { locale: Locale }) {
  return (
    <Suspense fallback={<ContentLoading />}>
      <LazyAccountNotFoundPage locale={locale} />
    </Suspense>
  );
}

/** `/:locale/...`: an unknown locale is a not-found page; a known one sets the calls' language. */
function LocaleGate({ children }: { children: ReactNode }) {
  const { locale } = useParams();
  if (!isLocale(locale)) {
    setRequestLocale('en');
    return <NotFoundPage locale="en" />;
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
  return <NotFoundPage locale="en" />;
}

/** A path below a signed-in flow that none of its pages takes: the not-found page in the signed-in shell. */
function AccountNotFoundRoute() {
  return <AccountNotFoundPage locale={useLocale()} />;
}

/**
 * A flow screen's code, fetched once: by the start-up preload (`preloadScreen`) or by its route's
 * first render; with the queries its first screen reads, when they are worth having before it.
 */
type FlowScreen<Id extends string, T extends string> = ModuleLoader<{
  Screen: ComponentType<FlowScreenProps<PageDef<Id, T>>>;
  firstQueries?: FirstQueries;
}>;

/** Each flow's screen, in its own chunk, and its first queries (ARCHITECTURE.md "First load"). */
const screens = {
  buy: moduleLoader(async () => ({ Screen: (await import('../flows/buy/BuyFlow')).BuyFlow })),
  retail: moduleLoader(async () => ({ Screen: (await import('../flows/retail/RetailRoute')).RetailRoute })),
  signIn: moduleLoader(async () => ({ Screen: (await import('../flows/signin/SignInScreen')).SignInScreen })),
  dashboard: moduleLoader(async () => {
    const m = await import('../flows/dashboard/DashboardFlow');
    return { Screen: m.DashboardFlow, firstQueries: m.firstQueries };
  }),
  accountInformation: moduleLoader(async () => {
    const m = await import('../flows/account-information/AccountInformationFlow');
    return { Screen: m.AccountInformationFlow, firstQueries: m.firstQueries };
  }),
  payments: moduleLoader(async () => {
    const m = await import('../flows/payments/PaymentsScreen');
    return { Screen: m.PaymentsScreen, firstQueries: m.firstQueries };
  }),
  refill: moduleLoader(async () => {
    const m = await import('../flows/refill/RefillScreen');
    return { Screen: m.RefillScreen, firstQueries: m.firstQueries };
  }),
  reconnect: moduleLoader(async () => {
    const m = await import('../flows/reconnect/ReconnectScreen');
    return { Screen: m.ReconnectScreen, firstQueries: m.firstQueries };
  }),
  litepay: moduleLoader(async () => ({ Screen: (await import('../flows/litepay/LitepayScreen')).LitepayScreen })),
  move: moduleLoader(async () => {
    const m = await import('../flows/move/MoveScreen');
    return { Screen: m.MoveScreen, firstQueries: m.firstQueries };
  }),
  activation: moduleLoader(async () => {
    const m = await import('../flows/activation/ActivationScreen');
    return { Screen: m.ActivationScreen, firstQueries: m.firstQueries };
  }),
  harness: moduleLoader(async () => ({ Screen: (await import('../flows/harness/ConsoleScreen')).ConsoleScreen })),
};

/**
 * A flow's screen at `/{locale}/{base}/*`, loaded with the flow's own chunk: one instance for
 * all its pages (state survives page changes), which picks its page from the path by the
 * flow's table (an unknown path below it is the flow's fallback page, else not found).
 */
function mountFlow<Id extends string, T extends string>(
  flow: FlowDef<Id, T>,
  screen: FlowScreen<Id, T>,
  options: RouteOptions,
  signedIn: boolean,
): { flow: FlowDef; element: ReactElement } {
  const Screen = lazyLoaded(screen, (m) => m.Screen);
  function FlowPage() {
    const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
    const page = flow.pages.find((p) => pagePath(p) === rest) ?? (flow.fallback === undefined ? undefined : pageOf(flow, flow.fallback));
    if (!page) return signedIn ? <AccountNotFoundRoute /> : <NotFoundRoute />;
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

/**
 * A flow with its screen: `mount` draws it, for the routes; `screen.load` fetches its code.
 * `signedIn`: a flow of the signed-in area, whose unknown paths are the not-found page in the
 * signed-in shell (seed 001 §2: back to the dashboard).
 */
function flowEntry<Id extends string, T extends string>(flow: FlowDef<Id, T>, screen: FlowScreen<Id, T>, signedIn = false) {
  return { flow: flow as FlowDef, screen, mount: (options: RouteOptions) => mountFlow(flow, screen, options, signedIn) };
}

/** Every flow with its screen. */
const FLOWS = [
  flowEntry(buyFlow, screens.buy),
  flowEntry(retailFlow, screens.retail),
  ...signInFlows.map((flow) => flowEntry(flow, screens.signIn)),
  flowEntry(dashboardFlow, screens.dashboard, true),
  flowEntry(accountInformationFlow, screens.accountInformation, true),
  ...paymentsFlows.map((flow) => flowEntry(flow, screens.payments, true)),
  flowEntry(refillFlow, screens.refill, true),
  flowEntry(reconnectFlow, screens.reconnect, true),
  flowEntry(litepayFlow, screens.litepay),
  flowEntry(moveFlow, screens.move, true),
  flowEntry(activationFlow, screens.activation, true),
  flowEntry(harnessFlow, screens.harness),
];

/** A flow's depth: `dashboard/edit-payment` (2) matches before `dashboard` (1). */
const depth = (flow: FlowDef) => flow.base.split('/').length;

/** How long the first render waits for the first queries once the screen's code is in (ms). */
const FIRST_QUERIES_WAIT_MS = 1000;

/**
 * Fetches the code of the flow screen `pathname` shows (none: resolves at once), so the app's
 * first render draws it without suspending: a `Suspense` fallback once shown holds the screen
 * back until 300 ms have passed (React's throttle), which kept every entry route's first screen
 * about 0.3 s behind its code (ARCHITECTURE.md "First load"). The page preloads the chunk, so
 * this waits for no more than the download the screen needs anyway. Then the screen's first
 * queries go into `client` (the page preloads their calls too), for at most
 * `FIRST_QUERIES_WAIT_MS`: the first screen is drawn with its data, not a render later.
 */
export async function preloadScreen(location: { pathname: string; search: string }, client: QueryClient): Promise<void> {
  const rest = (location.pathname === '/' ? '/en/handoff' : location.pathname).toLowerCase().split('/');
  const base = rest.slice(2).join('/');
  const match = [...FLOWS]
    .sort((a, b) => depth(b.flow) - depth(a.flow))
    .find(({ flow }) => base === flow.base || base.startsWith(`${flow.base}/`));
  if (!match) return;
  const { firstQueries } = await match.screen.load();
  const locale = rest[1];
  if (!firstQueries || !isLocale(locale)) return;
  // the calls carry the page's language, as they do once `LocaleGate` has drawn
  setRequestLocale(locale);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    firstQueries(client, new URLSearchParams(location.search)),
    new Promise((resolve) => (timer = setTimeout(resolve, FIRST_QUERIES_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/** `/{locale}` and any path below it; `locale` is its first segment. */
const LOCALE_PATH = /^\/(?<locale>[^/]+)(?:\/.*)?$/;

/**
 * The app's routes (wouter, the first match wins; `app/router.tsx`); each flow's code loads only
 * with it. Paths match in any letter case, as they did with React Router.
 */
export function AppRoutes({ options = {} }: { options?: RouteOptions }) {
  const [flows] = useState(() => FLOWS.map((entry) => entry.mount(options)));
  const handoff = flows.find((f) => f.flow.base === 'handoff');
  // `/{locale}/{base}` of a flow in the merchant shell, and any path below it
  const merchantPaths = new RegExp(
    `^/[^/]+/(?:${flows
      .filter((f) => f.flow.shell === 'merchant')
      .map((f) => f.flow.base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})(?:/.*)?$`,
    'i',
  );
  // `/{locale}/{base}` and any path below it (`*`, the flow's page path); the longer base first
  // (`dashboard/edit-payment` before `dashboard`). No keys: `Switch` draws only the route that
  // matches, in one place, so going from one flow to another keeps the `Suspense` around them
  // and the page on view while the next flow's chunk loads
  const inShell = (shell: FlowDef['shell']) =>
    flows
      .filter((f) => f.flow.shell === shell)
      .sort((a, b) => depth(b.flow) - depth(a.flow))
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
            <Route path={merchantPaths}>
              <MerchantLayout>
                <Switch>{inShell('merchant')}</Switch>
              </MerchantLayout>
            </Route>
            {/* the shared pages: the account area's signed-out shell, footer in the page's language */}
            <Route path="/:locale/error">
              <ErrorRoute />
            </Route>
            <Route>
              <NotFoundRoute />
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
