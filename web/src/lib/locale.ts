export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string | undefined): value is Locale {
  return value === 'en' || value === 'es';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'es' : 'en';
}

/** Swaps the leading `/en` or `/es` segment of a path, keeping the rest (seed 000 §2). */
export function swapLocalePath(pathname: string, target: Locale): string {
  const match = /^\/(en|es)(?=\/|$)/.exec(pathname);
  if (!match) return `/${target}${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
  return `/${target}${pathname.slice(match[0].length)}`;
}

/** `Spanish` when the path starts with `/es/`, else `English` (seed 000 §7). */
export function assignLanguage(pathname: string): 'English' | 'Spanish' {
  return pathname.startsWith('/es/') || pathname === '/es' ? 'Spanish' : 'English';
}
