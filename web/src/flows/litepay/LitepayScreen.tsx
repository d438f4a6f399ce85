import { Redirect } from '../../app/router';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { usePageTracking } from '../../lib/analytics';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { ConfirmationPage } from './ConfirmationPage';
import { useLitepayContent } from './content';
import { LitepayShell } from './LitepayShell';
import { RefillPage } from './RefillPage';
import { litepayFlow, type LitepayPageDef } from './routes';
import '../../styles/buy.css';
import '../../styles/activation.css';
import '../../styles/payments.css';
import '../../styles/litepay.css';

/**
 * The quick refill (seed 002 §2.11), no sign-in: `/{locale}/litepay` (content, then the refill
 * page), `/litepay/refill`, `/litepay/order-confirmation`, in the flow's own shell.
 */
export function LitepayScreen({ page }: FlowScreenProps<LitepayPageDef>) {
  const locale = useLocale();
  const content = useLitepayContent(locale);
  usePageTracking(litepayFlow, page.step ?? page.id, locale);
  if (content.isError) return <ContentFallback />;
  if (!content.data) return <ContentLoading />;
  if (page.id === 'entry') return <Redirect to={`/${locale}/litepay/refill`} replace />;
  return (
    <LitepayShell locale={locale} texts={content.data.litepay}>
      {page.id === 'refill' ? <RefillPage texts={content.data} locale={locale} /> : <ConfirmationPage texts={content.data} locale={locale} />}
    </LitepayShell>
  );
}
