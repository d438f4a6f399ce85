import { useMerchantFlow, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { useLocale } from '../../app/useLocale';
import { RetailScreen } from './RetailScreen';
import '../../styles/retail.css';

/** `/{locale}/dollargeneral`: the retail-partner starter-kit flow (lazy route). */
export function RetailRoute({ variant = 'retail' }: { variant?: 'retail' | 'move' }) {
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
