/**
 * The active-scenario badge of harness mode (ARCHITECTURE.md "Scenario console"), in the entry
 * only as this small loader, so it adds next to nothing to a page's first load:
 *
 * - only when the browser holds the `sim_scenario` cookie (set by `/harness/start/...`; never in
 *   production mode, whose BFF has no harness routes): without it nothing more happens;
 * - once the page shows its first screen (an `h1` with text and nothing `aria-busy`, on two
 *   checks in a row), or after {@link FIRST_SCREEN_CAP_MS} whatever it shows, the badge's chunk
 *   loads and asks `GET /harness/active` (404 outside harness mode: no badge) for the scenario.
 */

/** Longest wait for the first screen. */
export const FIRST_SCREEN_CAP_MS = 10_000;

/** Pause between two looks at the page. */
export const FIRST_SCREEN_POLL_MS = 400;

/** Whether `cookie` holds a `sim_scenario` (`bff/src/http/scenario.rs` `SCENARIO_COOKIE`). */
export function hasScenarioCookie(cookie: string): boolean {
  return /(?:^|;\s*)sim_scenario=[^;\s]/.test(cookie);
}

/** Whether `doc` shows a first screen: a heading with text, nothing loading. */
export function firstScreenShown(doc: Document): boolean {
  return [...doc.querySelectorAll('h1')].some((h) => h.textContent?.trim()) && !doc.querySelector('[aria-busy="true"]');
}

/** Runs `run` once the page has shown its first screen on two looks in a row (or after the cap). */
export function afterFirstScreen(run: () => void, doc: Document = document): void {
  let before = false;
  let waited = 0;
  const look = () => {
    waited += FIRST_SCREEN_POLL_MS;
    const now = firstScreenShown(doc);
    if ((before && now) || waited >= FIRST_SCREEN_CAP_MS) run();
    else {
      before = now;
      setTimeout(look, FIRST_SCREEN_POLL_MS);
    }
  };
  setTimeout(look, FIRST_SCREEN_POLL_MS);
}

/** Shows the badge when this browser has an active scenario (see the module's comment). */
export function mountHarnessBadge(): void {
  if (!hasScenarioCookie(document.cookie)) return;
  afterFirstScreen(() => void import('../components/HarnessBadge').then((m) => m.showActiveScenario()));
}
