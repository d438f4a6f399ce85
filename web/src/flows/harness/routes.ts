import { merchantShellContent, type FlowDef, type PageDef } from '../../lib/flows';

/**
 * The scenario console (issue 15 §1): `/{locale}/harness`, a page of harness mode only (the BFF
 * answers 404 in the other modes and serves its data, `/harness/console.json`, in harness mode
 * only). Plain `/harness` leads here in English.
 */
export type HarnessPageId = 'console';
export type HarnessPageDef = PageDef<HarnessPageId>;

export const harnessFlow: FlowDef<HarnessPageId> = {
  base: 'harness',
  firstContent: merchantShellContent,
  flowType: 'harness',
  shell: 'merchant',
  pages: [{ id: 'console', path: '' }],
};
