import { useEffect, type ReactNode } from 'react';
import { useDictionary } from '../content/hooks';
import { useBuyflowFooter } from '../content/footer';
import { ShellFooter, ShellHeader } from '../components/Shell';
import { ContentFallback, ContentLoading } from '../content/ContentFallback';
import type { Locale } from '../lib/locale';

/** Merchant page shell (seed 000 §2): header (logout hidden), no-index, skip link, main, footer. */
export function MerchantShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const dictionary = useDictionary(locale);
  const footer = useBuyflowFooter();

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (dictionary.isError || footer.isError) {
    return (
      <>
        <meta name="robots" content="noindex" />
        <main id="main" className="shell-main">
          <ContentFallback />
        </main>
      </>
    );
  }
  if (!dictionary.data || !footer.data) return <ContentLoading />;

  const d = dictionary.data;
  return (
    <div className="shell" data-shell="merchant">
      <meta name="robots" content="noindex" />
      <ShellHeader dictionary={d} locale={locale} />
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <ShellFooter dictionary={d} footer={footer.data} />
    </div>
  );
}
