import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The test command runs these beside Playwright on two cores: a lazy flow chunk can take
// seconds to import, so `findBy*` waits up to 20 s (the default 1 s made CI flaky; 10 s
// failed once while the machine also built Rust).
configure({ asyncUtilTimeout: 20_000 });
// `await screen.findBy…(…)` is the check that an element shows: it fails when none comes. Wrapping
// it in `expect(…).toBeInTheDocument()` failed in CI twice on a passing stage (a "sending" text,
// a cart redrawn by a refetch): the element found was gone by the time it was checked.

// files share a module graph and a jsdom (`web/vitest.config.ts`): what a test leaves in the
// page's storage or its `<html lang>` (the shells set it) must not reach the next file
const initialLang = document.documentElement.lang;
afterEach(() => {
  document.documentElement.lang = initialLang;
  cleanup();
  window.dataLayer = [];
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has `<dialog>` but not its modal methods (jsdom/jsdom#3294). What the app relies on
// (`FirstScreenModal`), as the HTML standard gives it: `showModal` opens, `close` closes and says
// so, Escape cancels the topmost modal dialog (and closes it unless the cancel is prevented).
// The inert page and the top layer are not modelled: the Storybook smoke and Playwright run the
// same code in Chromium.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    const at = modals.indexOf(this);
    if (at >= 0) modals.splice(at, 1);
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (e) => {
    const top = modals.at(-1);
    if (e.key === 'Escape' && top?.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
