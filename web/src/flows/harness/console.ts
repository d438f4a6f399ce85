import type { Locale } from '../../lib/locale';

/** One scenario as `/harness/console.json` lists it (`bff/src/harness.rs` `console_row`). */
export interface ConsoleScenario {
  /** `<flow>/<situation>`. */
  id: string;
  flow: string;
  title: string;
  codes: string[];
  /** Start path after `/{locale}`. */
  start: string;
  /** What the user must see (free-form per flow; scenarios/README.md). */
  expect: Record<string, unknown>;
  /** `outcomeClass` of `playwright/lib/scenarios.ts`, from `COVERAGE.json`; null: not there yet. */
  outcomeClass: string | null;
  /** Storybook id of its scenario story, when it has one. */
  story: string | null;
  /** Playwright specs asserting it (`playwright/tests/`). */
  browser: string[];
}

export interface ConsoleData {
  scenarios: ConsoleScenario[];
}

/** The console's data; 404 outside harness mode. */
export async function fetchConsole(): Promise<ConsoleData> {
  const res = await fetch('/harness/console.json', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`console data: ${res.status}`);
  return (await res.json()) as ConsoleData;
}

/** Lower case, `_`, spaces and `-` alike: `bus_van_assign_015`, `BUS-VAN-ASSIGN-015` match. */
function norm(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '-');
}

/** Whether the scenario's title, id or one of its business codes contains `query`. */
export function matches(s: ConsoleScenario, query: string): boolean {
  const q = norm(query.trim());
  if (!q) return true;
  return [s.title, s.id, ...s.codes].some((text) => norm(text).includes(q));
}

/** Scenarios of one outcome class of a flow. */
export interface ClassGroup {
  outcomeClass: string | null;
  scenarios: ConsoleScenario[];
}

/** Scenarios of one flow, by outcome class. */
export interface FlowGroup {
  flow: string;
  classes: ClassGroup[];
  count: number;
}

/**
 * The scenarios matching `query`, grouped by flow (alphabetically) and outcome class (in the
 * order of their first scenario by id), scenarios by id.
 */
export function groupScenarios(all: readonly ConsoleScenario[], query = ''): FlowGroup[] {
  const flows = new Map<string, Map<string | null, ConsoleScenario[]>>();
  for (const s of [...all].filter((x) => matches(x, query)).sort((a, b) => a.id.localeCompare(b.id))) {
    const classes = flows.get(s.flow) ?? new Map<string | null, ConsoleScenario[]>();
    flows.set(s.flow, classes);
    classes.set(s.outcomeClass, [...(classes.get(s.outcomeClass) ?? []), s]);
  }
  return [...flows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([flow, classes]) => ({
      flow,
      classes: [...classes.entries()].map(([outcomeClass, scenarios]) => ({ outcomeClass, scenarios })),
      count: [...classes.values()].reduce((n, list) => n + list.length, 0),
    }));
}

/** An outcome class as shown: its non-empty parts (stage or page, message, cold tap, path, banner). */
export function describeClass(outcomeClass: string): string {
  return outcomeClass
    .split('|')
    .filter((part) => part !== '')
    .join(' · ');
}

/** `expect` as shown: `key: value` pairs. */
export function describeExpect(expect: Record<string, unknown>): string[] {
  return Object.entries(expect).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/** The harness start link of a scenario in `locale` (`bff/src/harness.rs` `start`). */
export function startHref(id: string, locale: Locale): string {
  return `/harness/start/${id}?locale=${locale}`;
}

/** Id of an element for a scenario (`retail/assign-success` -> `scenario-retail-assign-success`). */
export function scenarioAnchor(id: string): string {
  return `scenario-${id.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}
