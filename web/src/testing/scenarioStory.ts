import { http, type HttpHandler } from 'msw';
import { waitFor } from 'storybook/test';
import type { Recording } from './recordings';

/**
 * Shared by the scenario stories (`RetailScenarios.stories.tsx`, `BuyScenarios.stories.tsx`):
 * one story per scenario replays its recording (the BFF's answers, drift-checked against the
 * simulators by `xtask/tests/drift.rs`) through the whole app, walks it with the scenario's
 * input and asserts the scenario's `expect`, as the browser suite did for every scenario.
 */

export type Locale = 'en' | 'es';

/** How long a story waits for a page, a stage or a text. */
export const TIMEOUT = 10_000;

/**
 * The recordings of a flow by situation (file name without `.json`), from an
 * `import.meta.glob('./recordings/*.json')` result.
 */
export function bySituation(glob: Record<string, Recording>): Map<string, Recording> {
  return new Map(
    Object.entries(glob)
      .map(([file, r]) => [file.replace(/^.*\/|\.json$/g, ''), r] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A scenario's language: alternating over the flow's scenarios by id, as the browser suite walked them. */
export function localeOf(situation: string, all: Map<string, Recording>): Locale {
  return [...all.keys()].indexOf(situation) % 2 === 1 ? 'es' : 'en';
}

/** The part of a text before its first placeholder (`{email}` and the like are filled in). */
export const beforePlaceholder = (text: string) => text.split('{')[0]!.trim();

/** The calls (`METHOD /path`) the app made in this story; the handler lets every request through. */
export interface CallLog {
  handler: HttpHandler;
  calls: string[];
}

export function callLog(): CallLog {
  const calls: string[] = [];
  const handler = http.all('*', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return { handler, calls };
}

/**
 * Waits until the app has made the call the recording ends with (the one that decides the
 * outcome): the story ended where the scenario's walk ended, not on a page that merely showed
 * first. (The recorder makes some calls at other moments than the app, so only the last counts.)
 */
export async function expectDecidingCall(recording: Recording, log: CallLog): Promise<void> {
  const last = recording.exchanges.at(-1);
  if (!last) return;
  const call = `${last.method} ${last.path}`;
  await waitFor(
    () => {
      if (!log.calls.includes(call)) throw new Error(`the app never made the scenario's last call, ${call}`);
    },
    { timeout: TIMEOUT },
  );
}

/** The innermost elements under `root` whose text contains `text`. */
function holders(root: HTMLElement, text: string): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.textContent?.includes(text));
  return all.filter((el) => !all.some((other) => other !== el && el.contains(other)));
}

const shown = (el: HTMLElement) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });

/** Waits until `text` shows inside `root`. */
export async function expectVisibleText(root: HTMLElement, text: string): Promise<void> {
  await waitFor(
    () => {
      if (!holders(root, text).some(shown)) throw new Error(`"${text}" is not visible`);
    },
    { timeout: TIMEOUT },
  );
}

/** How many elements inside `root` show `text`. */
export function countVisibleText(root: HTMLElement, text: string): number {
  return holders(root, text).filter(shown).length;
}
