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

/** Every scenario of a flow, read from the same YAML files the simulators embed. */
export function scenarios<I = RetailInput>(flow: string): Scenario<I>[] {
  const dir = join(root, flow);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const data = parse(readFileSync(join(dir, f), 'utf8')) as Omit<Scenario<I>, 'id'>;
      return { codes: [], ...data, id: `${flow}/${f.replace(/\.yaml$/, '')}` };
    });
}

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
