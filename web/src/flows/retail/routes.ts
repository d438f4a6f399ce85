import { merchantShellContent, pageHref, type FlowDef, type PageDef, type StageDef } from '../../lib/flows';
import type { Locale } from '../../lib/locale';

/** `/{locale}/dollargeneral`: the retail partner's starter-kit page, in the merchant shell. */
export const retailPages = [{ id: 'starter-kit', path: '' }] as const satisfies readonly PageDef[];

export type RetailPageId = (typeof retailPages)[number]['id'];
export type RetailPageDef = PageDef<RetailPageId>;

export const retailFlow: FlowDef<RetailPageId> = {
  base: 'dollargeneral',
  firstContent: [...merchantShellContent, { area: 'merchant-flow', lang: 'page' }],
  flowType: 'buyflow|prepaid',
  shell: 'merchant',
  pages: retailPages,
};

/** The starter-kit page's stages (seed 000 §2), in the order the flow meets them. */
export const retailStages = [
  { id: 'addressCheck' },
  { id: 'validateAddress', loading: true },
  { id: 'addressError' },
  { id: 'addressMultiUnit' },
  { id: 'serviceable' },
  { id: 'unserviceable' },
  { id: 'existingPrepaidAccount' },
  { id: 'existingPostpaidAccount' },
  { id: 'codeCheckSubmit', loading: true },
  { id: 'readytobuy' },
] as const satisfies readonly StageDef[];

export type Stage = (typeof retailStages)[number]['id'];
export type LoadingStageId = Extract<(typeof retailStages)[number], { loading: true }>['id'];

export function isLoadingStage(stage: string): stage is LoadingStageId {
  return retailStages.some((s) => s.id === stage && 'loading' in s && s.loading);
}

/** `/{locale}/dollargeneral`. */
export const retailHref = (locale: Locale): string => pageHref(retailFlow, locale, 'starter-kit');
