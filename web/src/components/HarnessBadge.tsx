import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Locale } from '../lib/locale';
import { BADGE_TEXTS } from './harnessBadgeTexts';
import '../styles/harness.css';

/** The page's language (`<html lang>`, which the shells set), followed as it changes. */
function usePageLocale(): Locale {
  const read = (): Locale => (document.documentElement.lang === 'es' ? 'es' : 'en');
  const [locale, setLocale] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setLocale(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return locale;
}

/**
 * The active scenario of this browser, with "reset" (`/harness/reset`: the cookies cleared, the
 * page stays) and a link to the console. Rendered in harness mode only, by
 * `showActiveScenario`, which the BFF's loader (`/harness/badge.js`) calls after the first screen.
 */
export function HarnessBadge({ scenario }: { scenario: string }) {
  const locale = usePageLocale();
  const t = BADGE_TEXTS[locale];
  const [reset, setReset] = useState(false);
  const onReset = async () => {
    // the answer is a redirect to the console; only its cleared cookies matter here
    await fetch(`/harness/reset?locale=${locale}`, { credentials: 'same-origin', redirect: 'manual' });
    setReset(true);
  };
  return (
    <aside className="harness-badge" aria-label={t.label} data-harness-badge={reset ? '' : scenario}>
      {!reset && (
        <p>
          {t.active} <code translate="no">{scenario}</code>
        </p>
      )}
      <p role="status">{reset ? t.resetDone : ''}</p>
      <div className="harness-badge__actions">
        {!reset && (
          <button type="button" onClick={() => void onReset()}>
            {t.reset}
          </button>
        )}
        <a href={`/${locale}/harness`}>{t.console}</a>
      </div>
    </aside>
  );
}

/** The scenario `/harness/active` names for this browser; null outside harness mode or without one. */
export async function activeScenario(): Promise<string | null> {
  try {
    const res = await fetch('/harness/active', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { scenario?: unknown };
    return typeof body.scenario === 'string' ? body.scenario : null;
  } catch {
    return null;
  }
}

/** Renders the badge in its own root at the end of the body when the BFF names an active scenario. */
export async function showActiveScenario(): Promise<void> {
  const scenario = await activeScenario();
  if (!scenario) return;
  const host = document.createElement('div');
  host.id = 'pp-harness-badge';
  document.body.append(host);
  createRoot(host).render(<HarnessBadge scenario={scenario} />);
}
