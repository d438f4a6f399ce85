import { accountDashboardNeed, accountShellCalls, accountShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * `/{locale}/dashboard/account-information` (seed 001 §2 routes, "Account info card",
 * "Communication preferences"): one page in the signed-in shell. It sits below the dashboard's
 * path but is its own flow (its own chunk and calls); the router prefers this longer base.
 */
export const accountInformationPages = [{ id: 'account-information', path: '' }] as const satisfies readonly PageDef[];

export type AccountInformationPageDef = PageDef<(typeof accountInformationPages)[number]['id']>;

/** The section of `account-dashboard` the page reads (the page carries only it). */
export const accountInformationContent = accountDashboardNeed(['accountInformation']);

export const accountInformationFlow: FlowDef<'account-information'> = {
  base: 'dashboard/account-information',
  firstContent: [...accountShellContent, accountInformationContent],
  firstCalls: accountShellCalls,
  flowType: 'account|prepaid',
  shell: 'own',
  pages: accountInformationPages,
};
