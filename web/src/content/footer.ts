import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buyflowFooterNeed } from '../lib/flows';
import { buyflowQuery, type Buyflow } from './hooks';
import { sectionsQuery } from './sections';

/**
 * The merchant shell's footer (seed 000 §2: always the English buy-flow content's
 * `buyflowFooter`): from the section the BFF wrote into the page, else from the English
 * `buyflow` bundle's one query (`content/sections.ts`).
 */
export function useBuyflowFooter() {
  const client = useQueryClient();
  const whole = buyflowQuery('en');
  return useQuery({
    ...sectionsQuery<Buyflow, 'buyflowFooter'>(
      buyflowFooterNeed.area,
      buyflowFooterNeed.lang,
      { ensure: () => client.ensureQueryData(whole), cached: () => client.getQueryData<Buyflow>(whole.queryKey) },
      buyflowFooterNeed.sections,
    ),
    select: (s) => s.buyflowFooter,
  });
}
