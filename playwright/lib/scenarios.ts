import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** What the user enters in the retail flow (scenarios/README.md). */
export interface RetailInput {
  street: string;
  unit?: string;
  zip: string;
  pickUnit?: string;
  deviceCode?: string;
  phone?: string;
}

/** What the user must see at the end (scenarios/README.md). */
export interface Expectation {
  stage: string;
  message?: string;
  coldTap?: boolean;
  path?: string;
  /** Buy flow: the business code whose catalogue message shows; shown in the banner. */
  errorCode?: string;
  banner?: boolean;
}

/** One scenario file; `id` is `<flow>/<situation>` from its path. */
export interface Scenario<I = RetailInput> {
  id: string;
  title: string;
  flow: string;
  start: string;
  codes: string[];
  input: I;
  expect: Expectation;
}

const root = fileURLToPath(new URL('../../scenarios', import.meta.url));

/** The flows that have scenarios (`scenarios/<flow>/`). */
export function flows(): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Every scenario of a flow, read from the same YAML files the simulators embed. */
export function scenarios<I = RetailInput>(flow: string): Scenario<I>[] {
  const dir = join(root, flow);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      // `codes` may be left out of a file: none.
      const data = parse(readFileSync(join(dir, f), 'utf8')) as Omit<Scenario<I>, 'id' | 'codes'> & { codes?: string[] };
      return { ...data, codes: data.codes ?? [], id: `${flow}/${f.replace(/\.yaml$/, '')}` };
    });
}

/** The scenario `<flow>/<situation>`; throws when there is none. */
export function scenario<I = RetailInput>(id: string): Scenario<I> {
  const flow = id.split('/')[0];
  const found = flow ? scenarios<I>(flow).find((s) => s.id === id) : undefined;
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
}

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** The `i`-th language when alternating: `en` for even `i`, `es` for odd (`LOCALES[i % 2]`). */
export function alternating(i: number): Locale {
  return i % 2 === 0 ? 'en' : 'es';
}

/**
 * What the user ends on and the kind of message shown: the stage or page, the content key of the
 * message (`catalogue` for a business code's catalogue message), and the cold-tap, path and
 * banner marks. Scenarios of one class differ only in the upstream answers behind the outcome;
 * those are proven per scenario at faster layers (BFF integration tests, the drift-checked
 * recordings and the Storybook scenario stories that replay them).
 */
export function outcomeClass(s: Scenario<unknown>): string {
  const e = s.expect;
  return [e.stage, e.message ?? (e.errorCode ? 'catalogue' : ''), e.coldTap ?? '', e.path ?? '', e.banner ?? ''].join('|');
}

/** One scenario walked in the browser, in these languages. */
export interface Walk<I> {
  scenario: Scenario<I>;
  locales: readonly Locale[];
}

/**
 * The scenarios the browser walks. By default: the journeys (in both languages), one scenario per
 * outcome class not covered by a journey (the first by id), and the scenarios no story can
 * finish (`noStory`), in alternating languages. `PW_ALL=1` walks every scenario (one language
 * each, alternating; the journeys in both); `PW_BOTH=1` walks every scenario in both languages.
 */
export function walks<I>(flow: string, journeys: readonly string[], noStory: readonly string[] = []): Walk<I>[] {
  const all = scenarios<I>(flow);
  const unknown = [...journeys, ...noStory].filter((id) => !all.some((s) => s.id === id));
  if (unknown.length) throw new Error(`no scenario file for ${unknown.join(', ')}`);
  if (process.env.PW_BOTH === '1') return all.map((scenario) => ({ scenario, locales: LOCALES }));
  if (process.env.PW_ALL === '1') {
    return all.map((scenario, i) => ({ scenario, locales: journeys.includes(scenario.id) ? LOCALES : [alternating(i)] }));
  }
  const covered = new Set(all.filter((s) => journeys.includes(s.id)).map(outcomeClass));
  const picked: Walk<I>[] = [];
  let alternate = 0;
  for (const scenario of all) {
    if (journeys.includes(scenario.id)) {
      picked.push({ scenario, locales: LOCALES });
    } else if (!covered.has(outcomeClass(scenario)) || noStory.includes(scenario.id)) {
      covered.add(outcomeClass(scenario));
      picked.push({ scenario, locales: [alternating(alternate++)] });
    }
  }
  return picked;
}

/**
 * The journeys and no-story scenarios of each flow's browser walks (`retail.spec.ts`,
 * `buy.spec.ts`). Its story stops `buy/tax-failure-existing` at customer-info: the recording
 * lacks the customer call the app then makes (`STOPS` in BuyScenarios.stories.tsx), so the
 * browser walks it to the placed order.
 */
export const WALKED = {
  retail: { journeys: ['retail/assign-success'], noStory: [] as string[] },
  buy: { journeys: ['buy/happy-paid-shipping', 'buy/happy-promo-accepted'], noStory: ['buy/tax-failure-existing'] },
} as const;

/** Ids of the scenarios of `flow` that its spec walks in `locale`. */
export function walkedIn(flow: keyof typeof WALKED, locale: Locale): Set<string> {
  const { journeys, noStory } = WALKED[flow];
  return new Set(walks(flow, journeys, noStory).filter((w) => w.locales.includes(locale)).map((w) => w.scenario.id));
}
