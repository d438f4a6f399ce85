import type { Schemas } from '../api/client';
import type { paths } from '../api/schema';
import type { Locale } from './locale';

/**
 * One page of a flow. Each flow writes its pages once, in `web/src/flows/<flow>/routes.ts`;
 * the router, the shell's progress bar, analytics, tests and stories read them from there.
 */
export interface PageDef<Id extends string = string, ProgressTitle extends string = string> {
  /** The page's `data-page` attribute, and the name code and tests use for it. */
  readonly id: Id;
  /** Path below the flow's base; the id when left out; `''` is the flow's index. */
  readonly path?: string;
  /** Step of the analytics `pageView` event; the id when left out. */
  readonly step?: string;
  /** The shell's progress bar on this page; none: no bar. */
  readonly progress?: ProgressDef<ProgressTitle>;
}

export interface ProgressDef<Title extends string = string> {
  /** Content key of the bar's title. */
  readonly title: Title;
  readonly percent: number;
  /** The percent once back from the identity router (`digitalSessionId` in the query). */
  readonly returned?: number;
}

/** A content bundle of the BFF's content calls (`/-/api/{site}/{area}`). */
export type ContentArea = 'merchant-flow' | 'dictionary' | 'buyflow' | 'cart' | 'all' | 'account-dashboard' | 'activation';

/**
 * A content bundle a page reads before its first screen, in the page's language or always in
 * English (the footer, seed 000 §2). The BFF writes these into the page's HTML, so the first
 * screen does not wait for the app, then `/token`, then content (ARCHITECTURE.md "First load").
 */
export type ContentNeed = WholeBundleNeed | AccountDashboardNeed | typeof buyflowFooterNeed;

interface WholeBundleNeed {
  readonly area: Exclude<ContentArea, 'account-dashboard'>;
  readonly lang: 'page' | 'en';
}

/** A top-level section of the `account-dashboard` bundle (`refill`, `payments`, ...). */
export type AccountDashboardSection = keyof Schemas['AccountDashboard'];

/**
 * The `account-dashboard` bundle, or only its `sections` (the BFF then writes those alone into
 * the page, ARCHITECTURE.md "First load"): the bundle is 22 to 24 KB and each flow reads a few
 * of its sections. A flow declares its need once, with [`accountDashboardNeed`], and its
 * content hook reads the same need (`web/src/content/accountDashboard.ts`).
 */
export interface AccountDashboardNeed<K extends AccountDashboardSection = AccountDashboardSection> {
  readonly area: 'account-dashboard';
  readonly lang: 'page';
  /** Only these sections; none: the whole bundle. */
  readonly sections?: readonly K[];
}

/** The `sections` of the `account-dashboard` bundle, in the page's language. */
export function accountDashboardNeed<const K extends AccountDashboardSection>(sections: readonly K[]): AccountDashboardNeed<K> & { readonly sections: readonly K[] } {
  return { area: 'account-dashboard', lang: 'page', sections };
}

/**
 * The footer: the `buyflowFooter` section of the English `buyflow` bundle (seed 000 §2), not the
 * whole bundle (16 KB, its pages and error catalogue; dollargeneral's page -4.4 KB).
 */
export const buyflowFooterNeed = { area: 'buyflow', lang: 'en', sections: ['buyflowFooter'] } as const satisfies {
  area: ContentArea;
  lang: 'en';
  sections: readonly (keyof Schemas['Buyflow'])[];
};

/** What the merchant shell itself reads: the dictionary (header) and the English footer. */
export const merchantShellContent: readonly ContentNeed[] = [{ area: 'dictionary', lang: 'page' }, buyflowFooterNeed];

/**
 * What the account area's shells read (`AccountShell`, the sign-in pages): the `all` bundle
 * and the dictionary, in the page's language. A signed-in flow adds it to its `firstContent`.
 */
export const accountShellContent: readonly ContentNeed[] = [
  { area: 'all', lang: 'page' },
  { area: 'dictionary', lang: 'page' },
];

/**
 * What the shared pages outside any flow read (`/{locale}/error`, the not-found page;
 * `app/pages.tsx`): the account area's signed-out shell (footer in the page's language) and,
 * of `account-dashboard`, the back-to-dashboard label and the customer-care call link.
 */
export const sharedPageContent: readonly ContentNeed[] = [...accountShellContent, accountDashboardNeed(['detail', 'acp'])];

/** A path of the BFF with a `GET` operation and no path parameter but `{accountId}`. */
export type FirstCall = {
  [P in keyof paths]: paths[P] extends { get: { responses: unknown } } ? (OnlyAccountParam<P> extends true ? P : never) : never;
}[keyof paths];

type OnlyAccountParam<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? (Name extends 'accountId' ? (Rest extends `${string}{${string}` ? false : true) : false) : true;

/**
 * What the signed-in shell (`AccountShell`) asks for as it first draws: the profile (greeting,
 * the account the page is about). The BFF preloads it with the page. The quick refill, drawn in
 * the same shell for visitors who are mostly signed out (a 401), does not wait for it and does
 * not preload it.
 */
export const accountShellCalls = ['/secure2/profile'] as const satisfies readonly FirstCall[];

/** A flow: where the router mounts it, and its pages. */
export interface FlowDef<Id extends string = string, ProgressTitle extends string = string> {
  /** Path segment below `/{locale}`. */
  readonly base: string;
  /** Content its first screen reads, its shell's included. */
  readonly firstContent: readonly ContentNeed[];
  /**
   * The BFF's `GET` calls (no query) its first screen makes, its shell's included: the BFF writes
   * each as a `preload` link, so it starts with the page and the app's own request of the same
   * URL takes the answer (ARCHITECTURE.md "First load"). The one path parameter allowed is
   * `{accountId}`, which the BFF fills with the signed-in session's chosen account (a call about
   * an account is left out without a sign-in, or when the page's query names an account).
   */
  readonly firstCalls?: readonly FirstCall[];
  /** `flowType` of the flow's analytics events. */
  readonly flowType: string;
  /** `own`: the flow draws its own page shell; `merchant`: it sits in the merchant shell. */
  readonly shell: 'own' | 'merchant';
  readonly pages: readonly PageDef<Id, ProgressTitle>[];
  /** The page any other path below the base shows; none: the app's not-found page shows. */
  readonly fallback?: Id;
}

/** Options of the app's routes (stories use them); every flow's screen receives them. */
export interface RouteOptions {
  /** `move` renders the address check with the move headings (stories of the move variant). */
  retailVariant?: 'retail' | 'move';
}

/** Props of a flow's screen: the page of its table that the route matched, and the route options. */
export interface FlowScreenProps<P extends PageDef = PageDef> {
  page: P;
  options: RouteOptions;
}

export function pagePath(page: PageDef): string {
  return page.path ?? page.id;
}

export function pageStep(page: PageDef): string {
  return page.step ?? page.id;
}

export function pageOf<Id extends string, T extends string>(flow: FlowDef<Id, T>, id: NoInfer<Id>): PageDef<Id, T> {
  const page = flow.pages.find((p) => p.id === id);
  if (!page) throw new Error(`no page ${id} below /${flow.base}`);
  return page;
}

/** `/{locale}/{base}/{path}` of a page (no trailing slash for the index). */
export function pageHref<Id extends string>(flow: FlowDef<Id>, locale: Locale, id: NoInfer<Id>): string {
  const path = pagePath(pageOf(flow, id));
  return `/${locale}/${flow.base}${path ? `/${path}` : ''}`;
}

/** The progress bar's percent on a page; `undefined`: the page has no bar. */
export function progressPercent(page: PageDef, returnedFromRouter = false): number | undefined {
  const progress = page.progress;
  if (!progress) return undefined;
  return returnedFromRouter ? (progress.returned ?? progress.percent) : progress.percent;
}

/**
 * A stage of a page that changes in place (no navigation): its `data-stage` attribute, which is
 * also its analytics step; `loading`: a spinner stage while a call runs.
 */
export interface StageDef<Id extends string = string> {
  readonly id: Id;
  readonly loading?: boolean;
}
