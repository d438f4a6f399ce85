import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { appRoutes, inlineIcon, precompress } from './build/plugins';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React Aria and its helpers. */
const ARIA = /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized|clsx)[\\/]/;
/**
 * React Aria's overlays: the modal, dialog, popover and menu components, the overlay and dialog
 * hooks and the helpers only they import (localized strings of the dismiss button, scroll
 * locking, positioning). The collection modules the dialog also builds on stay out: the
 * refill's tabs and the address combobox need them without any overlay (refill -10.5 KB).
 */
const OVERLAYS = new RegExp(
  [
    String.raw`react-aria[\\/]dist[\\/]private[\\/](overlays|dialog|intl[\\/]overlays)[\\/]`,
    String.raw`react-aria[\\/]dist[\\/]private[\\/]utils[\\/](useViewportSize|getScrollParent|useLoadMoreSentinel|useResizeObserver|runAfterKeyboard)\.mjs`,
    String.raw`react-aria[\\/]dist[\\/]private[\\/](interactions[\\/](useInteractOutside|PressResponder)|i18n[\\/]useLocalizedStringFormatter)\.mjs`,
    String.raw`react-stately[\\/]dist[\\/]private[\\/](overlays[\\/]|menu[\\/]useMenuTriggerState|utils[\\/]number)`,
    String.raw`react-aria-components[\\/]dist[\\/]private[\\/](Modal|Dialog|Popover|Menu|OverlayArrow)\.mjs`,
    String.raw`@internationalized[\\/]string`,
  ].join('|'),
);

export default defineConfig({
  root,
  plugins: [
    react(),
    // React Aria ships its built-in strings (e.g. a combobox's announcements) in 34 locales;
    // the app speaks English and Spanish only.
    { ...optimizeLocales.vite({ locales: ['en-US', 'es-ES'] }), enforce: 'pre' },
    appRoutes(root),
    inlineIcon(root),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendors in chunks no flow owns, so a flow's own chunk is its own code and every flow
        // shares one cached copy; dependencies stay in their own group (not pulled into the
        // first group that imports them, rolldown's default).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/, priority: 3 },
            // React Aria's overlays apart from the rest: a page without an open modal on its first
            // screen does not load them (hand-off, reconnect, dashboard, buy, litepay: -13 to
            // -15 KB); a modal loads them when it first opens (`LazyModal`), the address check's
            // street combobox right after the first screen (`components/address/StreetField`)
            { name: 'ui-overlays', test: (id) => ARIA.test(id) && OVERLAYS.test(id), priority: 2 },
            {
              name: 'ui',
              test: (id) => ARIA.test(id) || /web[\\/]src[\\/]components[\\/](LazyModal|Checkbox)\.tsx$/.test(id),
              priority: 2,
              // only the React Aria modules four or more chunks use: a component a few flows alone
              // need (the address combobox of retail and move, the refill's tabs) loads with them
              // (buy's first load: -14.6 KB; three rather than two once the account flows came: the
              // dashboard's first load -0.7 KB; four once the move entry reused the combobox,
              // whose collection and selection modules then moved into this chunk every page loads:
              // dashboard, reconnect, buy and handoff +7.6 KB at three, +0.2 to +0.6 KB at four)
              minShareCount: 4,
              // with `LazyModal` (0.4 KB compressed), the lazy modal of most flows: once the retail flow's
              // heads-up used it too, rolldown split it from the query code it shared a chunk with
              // (one request more, about 0.5 KB, on every page with a modal); with `Checkbox`
              // (0.3 KB, 0.2 on the wire), which six chunks draw: in the card form's chunk below, the
              // refill's first screen loaded that whole chunk (2 KB) for its internet checkbox
            },
            // the small modules most first screens draw (formatting, the account id, the phone mask,
            // the loaders of a screen's later parts, the account content's sections, the FAQ,
            // collapsible, alert and progress bar): one chunk in every route's first load rather than
            // up to eight of 0.1 to 0.9 KB. Each request costs about 0.3 KB of headers, and on
            // HTTP/1.1 (six connections) a round trip: Lighthouse's simulated FCP on the quick refill
            // 2.11/2.18 -> 2.04/2.03 s (en/es); the pages that drew none of them (hand-off, the
            // retail check) load about 2 KB more
            {
              name: 'common',
              // (`signedInQuery`: the query `pageAccount` keeps; left out, rolldown put it in the
              // account shell's chunk, which the retail check then loaded: +4 KB)
              test: /web[\\/]src[\\/](lib[\\/](format|accountId|pageAccount|signedInQuery|dashboardNotice|phone|progressive|lazyPage|firstQueries)\.ts|content[\\/]accountDashboard\.ts|components[\\/](Faq|Collapsible|Alert|ProgressBar)\.tsx)$/,
              priority: 1,
            },
            // the account area's shells (the sign-in pages, the shared pages,
            // the signed-in flows): one chunk, not two (hand-off +0.9 KB otherwise)
            {
              name: 'account-shell',
              test: /web[\\/]src[\\/]components[\\/](AccountShell|AccountNav|SignedOutShell|SessionTimeout)\.tsx$/,
              priority: 1,
            },
            // the refill's payment and review pages, which the move draws too (the refill loads
            // them after its first screen): one chunk, not two, on the move's first load
            { name: 'refill-pages', test: /web[\\/]src[\\/]flows[\\/]refill[\\/](PaymentPage|ReviewPage)\.tsx$/, priority: 1 },
            // the card form's parts, drawn together by every page that takes a card (refill, move,
            // litepay, payments, reconnect): one chunk rather than five of 0.1 to 1 KB (refill -1.5 KB,
            // litepay -1.4, payments -1.3, reconnect -0.3; no route loads more)
            {
              name: 'payment-form',
              test: /web[\\/]src[\\/](lib[\\/](useFormLock|useCardEntry|paymentCard)\.ts|components[\\/]PaymentCard\.tsx)$/,
              priority: 1,
            },
            // what the buy flow's first screen shares with its lazy pages (BuyFlow.tsx): rolldown does
            // not merge it into the flow's chunk and split it in two chunks; one (buy -0.5 KB)
            { name: 'buy-lib', test: /web[\\/]src[\\/]flows[\\/]buy[\\/](api|state|storage|labels)\.tsx?$/, priority: 1 },
            // the same for the quick refill: the summary its confirmation draws and its lazy steps 2 and 3
            // (`CardSteps`) draw too; left in the flow's chunk, the lazy chunk imported it from there and
            // rolldown split the router from the entry (one request more on every route)
            { name: 'litepay-lib', test: /web[\\/]src[\\/]flows[\\/]litepay[\\/]Summary\.tsx$/, priority: 1 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 1 },
            // the API client and TanStack Query, which every page loads: one chunk (left to
            // rolldown, they split in two once the address check's form left the retail first
            // screen: one request more, about 0.5 KB, on every route)
            {
              name: 'client',
              // with the app's router (`app/router.tsx`), which every page loads too: once the refill's
              // later pages were lazy, rolldown took it out of the entry into a chunk of its own (one
              // request more on every route; seemingly rolldown#10731)
              // (`failureReference`, which the client writes: a chunk of its own was one request more)
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|openapi-fetch)[\\/]|web[\\/]src[\\/](api[\\/]client\.ts|lib[\\/](session|failureReference)\.ts|app[\\/]router\.tsx)$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/-/api': 'http://localhost:8080',
      '/secure': 'http://localhost:8080',
      '/van-service-api': 'http://localhost:8080',
      '/token': 'http://localhost:8080',
    },
  },
});
