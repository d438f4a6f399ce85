import { useEffect } from 'react';
import { useAll, useDictionary } from '../../content/hooks';
import { ContentFallback, ContentLoading } from '../../content/ContentFallback';
import { trackPageView } from '../../lib/analytics';
import type { FlowScreenProps } from '../../lib/flows';
import { useLocale } from '../../lib/useLocale';
import { AccountPickerPage } from './AccountPickerPage';
import { PermissionErrorPage, TimeoutErrorPage } from './ErrorPages';
import { Handoff } from './Handoff';
import { signInFlows, type SignInPageDef } from './routes';
import { SignInShell } from './SignInShell';
import '../../styles/account.css';

/** The sign-in pages in their shell; the page comes from the route's table. */
export function SignInScreen({ page }: FlowScreenProps<SignInPageDef>) {
  const locale = useLocale();
  const all = useAll(locale);
  const dictionary = useDictionary(locale);

  useEffect(() => {
    const flow = signInFlows.find((f) => f.base === page.id);
    if (flow) trackPageView(flow, page.id, locale);
  }, [page.id, locale]);

  if (all.isError || dictionary.isError) return <ContentFallback />;
  if (!all.data || !dictionary.data) return <ContentLoading />;
  const c = all.data;
  const body = {
    handoff: <Handoff locale={locale} content={c.handoff} />,
    'account-picker': <AccountPickerPage locale={locale} content={c.accountPicker} />,
    'timeout-error': <TimeoutErrorPage locale={locale} content={c.timeoutError} />,
    'permission-error': <PermissionErrorPage content={c.permissionError} />,
  }[page.id];
  // the picker's logo is `/?s=1` (seed 001 §2): a new sign-in, which comes back to the picker
  const logoTo = page.id === 'account-picker' ? '/?s=1' : `/${locale}/handoff`;
  return (
    <SignInShell locale={locale} all={c} dictionary={dictionary.data} logoTo={logoTo}>
      {body}
    </SignInShell>
  );
}
