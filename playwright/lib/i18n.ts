import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * English left on a Spanish page. The reference is the content itself: every string value of
 * the English bundles (merchant flow, dictionary, buy flow, cart) that no Spanish bundle has
 * (strings legitimately identical in both languages, e.g. "Visa" or a phone number, drop out).
 * A text on a Spanish page is English when
 * - it is, or contains, such a value (a value of 6 characters or more may be part of a longer
 *   text, e.g. "Free standard shipping" in a shipping line), or
 * - every word of it is a word only the English content uses ("30 Days", "business days":
 *   texts that never came from content, such as the provider's catalogue English), or
 * - it shows an upstream id as text (a promotion `P_...`, a tier `HSD_...`, a business code
 *   `BUS...`, a charge code `ECO-HSD-...`, a market id).
 * The footer is English on purpose (seed 000 §2) and marked `lang="en"`, like the toggle's
 * "English"; data that is never translated (an address's unit) is marked `translate="no"`:
 * both are left out. The card-entry iframe is the provider's.
 */
export interface EnglishReference {
  values: Set<string>;
  words: Set<string>;
}

const BUNDLES = ['my.prepaid/merchant-flow', 'my.prepaid/dictionary', 'my.prepaid/buyflow', 'cart', 'my.prepaid/all', 'my.prepaid/account-dashboard', 'my.prepaid/activation'];

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

const WORD = /\p{L}[\p{L}'’-]*/gu;
const words = (s: string) => (s.match(WORD) ?? []).map((w) => w.toLowerCase()).filter((w) => w.length >= 3);
/** Visible texts are compared with content after placeholders and whitespace are evened out. */
const norm = (s: string) => s.replace(/\{[a-zA-Z0-9]+\}/g, ' ').replace(/\s+/g, ' ').trim();

export async function englishReference(request: APIRequestContext): Promise<EnglishReference> {
  const load = async (locale: 'en' | 'es') => {
    const all: string[] = [];
    for (const bundle of BUNDLES) {
      const res = await request.get(`${locale === 'es' ? '/-/api/es' : '/-/api'}/${bundle}`);
      expect(res.ok(), `${locale} ${bundle}`).toBe(true);
      strings(await res.json(), all);
    }
    // URLs and targets are never shown as text
    return all.filter((s) => !/^(https?:|\/|_self$|_blank$)/.test(s)).map(norm).filter(Boolean);
  };
  const [en, es] = await Promise.all([load('en'), load('es')]);
  const esValues = new Set(es);
  const esWords = new Set(es.flatMap(words));
  return {
    values: new Set(en.filter((v) => !esValues.has(v))),
    words: new Set(en.flatMap(words).filter((w) => !esWords.has(w))),
  };
}

/** Upstream ids: promotion, tier, business code, charge code, market. */
const UPSTREAM_ID = /\b(P_[A-Z0-9_]+|HSD_\d+|BUS[A-Z_-]*\d+|ECO-HSD-[A-Z0-9]+|ATL|DEC|MAR|SMY)\b/;

/** The visible texts of the page (text nodes, accessible names, alternative texts, the title). */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const skip = (el: Element | null) =>
      !el ||
      el.closest('[lang="en"], [translate="no"], script, style, noscript, template, [aria-hidden="true"], [hidden]') !== null ||
      !(el as HTMLElement).checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.trim();
      if (t && !skip(n.parentElement)) out.push(t);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
      if (el.tagName === 'IFRAME' && el.getAttribute('title') === null) continue;
      if (skip(el)) continue;
      for (const attr of ['aria-label', 'alt', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    // a text split over several nodes ("Total: $10.00") is also checked whole, without the
    // parts left out above
    const leftOut = '[lang="en"], [translate="no"], script, style, [aria-hidden="true"], [hidden]';
    for (const el of document.body.querySelectorAll('dd, dt, p, li, h1, h2, h3, label, button, a')) {
      if (skip(el)) continue;
      const copy = el.cloneNode(true) as Element;
      copy.querySelectorAll(leftOut).forEach((e) => e.remove());
      const t = copy.textContent?.trim();
      if (t) out.push(t);
    }
    return out;
  });
}

/** Whether `phrase` occurs in `text` as whole words ("Product" is not in "Producto"). */
function containsPhrase(text: string, phrase: string): boolean {
  let at = text.indexOf(phrase);
  while (at >= 0) {
    const before = text.slice(0, at);
    const after = text.slice(at + phrase.length);
    if (!/\p{L}$/u.test(before) && !/^\p{L}/u.test(after)) return true;
    at = text.indexOf(phrase, at + 1);
  }
  return false;
}

/** The texts of `texts` that are English or upstream ids (see {@link EnglishReference}). */
export function englishIn(texts: string[], ref: EnglishReference): string[] {
  const found = new Set<string>();
  for (const raw of texts) {
    const text = norm(raw);
    if (!text) continue;
    if (UPSTREAM_ID.test(text)) found.add(`upstream id: ${text}`);
    for (const v of ref.values) {
      if (text === v || (v.length >= 6 && containsPhrase(text, v))) found.add(`English content "${v}": ${text}`);
    }
    const ws = words(text);
    if (ws.length > 0 && ws.every((w) => ref.words.has(w))) found.add(`English words: ${text}`);
  }
  return [...found];
}

/** Fails when the page, in Spanish, shows English or an upstream id (`state` names where). */
export async function expectSpanishOnly(page: Page, ref: EnglishReference, state: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(englishIn(await visibleTexts(page), ref), `English or ids on the Spanish page at ${state}`).toEqual([]);
}
