import { useMerchantFlow, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import type { RetailPageDef } from './routes';
import { RetailScreen } from './RetailScreen';
import '../../styles/retail.css';

/** `/{locale}/dollargeneral`: the retail-partner starter-kit flow (lazy route). */
export function RetailRoute({ options }: FlowScreenProps<RetailPageDef>) {
  const variant = options.retailVariant ?? 'retail';
  const locale = useLocale();
  const content = useMerchantFlow(locale);
  const dictionary = useDictionary(locale);
  if (content.isError) return <ContentFallback />;
  if (!content.data || !dictionary.data) return <ContentLoading />;
  return (
    <>
      <title>{`${content.data.pageTitle} | ${dictionary.data.siteName}`}</title>
      <RetailScreen content={content.data} dictionary={dictionary.data} locale={locale} variant={variant} />
    </>
  );
}
