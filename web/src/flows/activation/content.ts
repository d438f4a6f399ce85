import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { inlineContent, SITE } from '../../content/hooks';
import type { Locale } from '../../lib/locale';

/** `GET /-/api/{site}/activation`: groups of key/value texts (seed 001 §7 "Activation content"). */
export type ActivationContent = Schemas['ActivationContent'];

/**
 * Every text the pages read, by group (the same list as `REQUIRED` in
 * `upstream/src/activation_content.rs`, whose test checks both languages hold each).
 */
const KEYS = {
  page: ['title', 'intro', 'loading'],
  steps: [
    'accountIdTitle',
    'accountIdLabel',
    'accountNameTitle',
    'firstName',
    'lastName',
    'nameRequired',
    'deviceTitle',
    'deviceLocated',
    'deviceNotLocated',
    'macLabel',
    'macHint',
    'macSubmit',
    'macAccepted',
    'maCAddressSubmissionErrorAlert',
    'complete',
    'pending',
  ],
  activate: ['button', 'progressTitle', 'progressText', 'restarting', 'waitingForModem', 'successTitle', 'successText', 'toDashboard'],
  error: ['title', 'text', 'link', 'linkUrl'],
  timeout: ['loggingOut'],
} as const;

type Keys = typeof KEYS;
/** The bundle as the pages read it: `texts.steps.macLabel`. */
export type ActivationTexts = { [G in keyof Keys]: Record<Keys[G][number], string> };

/** The groups of the bundle as objects; a missing text is empty (never another language's). */
export function activationTexts(content: ActivationContent): ActivationTexts {
  const out = {} as Record<string, Record<string, string>>;
  for (const [group, keys] of Object.entries(KEYS)) {
    const items = content.activation.find((g) => g.group === group)?.items ?? [];
    out[group] = Object.fromEntries(keys.map((k) => [k, items.find((i) => i.key === k)?.value ?? '']));
  }
  return out as ActivationTexts;
}

const path = { params: { path: { site: SITE } } };

function fetchActivationContent(locale: Locale): Promise<ActivationContent> {
  return locale === 'es'
    ? call('getActivationContentEs', () => api.GET('/-/api/es/{site}/activation', path))
    : call('getActivationContent', () => api.GET('/-/api/{site}/activation', path));
}

/** The activation bundle in `locale` (inline in the page's HTML on a first load). */
export function useActivationContent(locale: Locale) {
  return useQuery({
    queryKey: ['content', 'activation', locale],
    queryFn: () => fetchActivationContent(locale),
    initialData: () => inlineContent<ActivationContent>('activation', locale),
    staleTime: Infinity,
    gcTime: Infinity,
    placeholderData: keepPreviousData,
    select: activationTexts,
  });
}
