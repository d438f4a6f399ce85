import { z } from 'zod/mini';

/** One upstream call a fault can be added to (`bff/src/harness/settings.rs` `calls`). */
export interface SettingsCall {
  /** Call name of the scenario files, e.g. `assign`. */
  name: string;
  service: string;
  method: string;
  path: string;
  /** Whether the active scenario already overrides it (listed first). */
  inScenario: boolean;
}

/** A scenario file's fault (`scenarios/README.md`). */
export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'timeout' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'error5xx'; status?: number };

export type FaultKind = Fault['kind'];
export const FAULT_KINDS: readonly FaultKind[] = ['delay', 'timeout', 'reset', 'malformed', 'error5xx'];

/** `GET /harness/settings`: this browser's faults on demand and seeded chaos. */
export interface ConsoleSettingsView {
  /** The browser's active scenario, or null. */
  scenario: string | null;
  calls: SettingsCall[];
  /** Added faults of the active scenario, by call name. */
  faults: Record<string, Fault>;
  /** This browser's chaos, `<percent>:<seed>`. */
  chaos: string | null;
  /** `BFF_CHAOS`, used while the browser has none. */
  defaultChaos: string | null;
  /** The active scenario with the faults, as a scenario file. */
  yaml: string | null;
  /** Where to put it, e.g. `scenarios/retail/assign-success-faults.yaml`. */
  file: string | null;
}

/** The longest delay the console adds, ms (`MAX_DELAY_MS` of the BFF). */
export const MAX_DELAY_MS = 120_000;

/** The fault form: every field a string as typed; `ms` for a delay, `status` for a 5xx. */
export const faultFormSchema = z
  .object({
    call: z.string().check(z.minLength(1, 'callMissing')),
    kind: z.enum(['delay', 'timeout', 'reset', 'malformed', 'error5xx']),
    ms: z.string(),
    status: z.string(),
  })
  .check(
    z.refine((v) => v.kind !== 'delay' || (/^\d{1,6}$/.test(v.ms.trim()) && Number(v.ms) <= MAX_DELAY_MS), {
      path: ['ms'],
      message: 'msInvalid',
    }),
    z.refine((v) => v.kind !== 'error5xx' || /^5\d\d$/.test(v.status.trim()), { path: ['status'], message: 'statusInvalid' }),
  );
export type FaultForm = z.infer<typeof faultFormSchema>;

/** The fault a valid form describes. */
export function faultOf(form: FaultForm): Fault {
  switch (form.kind) {
    case 'delay':
      return { kind: 'delay', ms: Number(form.ms.trim()) };
    case 'error5xx':
      return { kind: 'error5xx', status: Number(form.status.trim()) };
    default:
      return { kind: form.kind };
  }
}

/** The chaos form: percent 0 to 100 and a seed (digits). */
export const chaosFormSchema = z.object({
  percent: z.string().check(z.refine((v) => /^\d{1,3}$/.test(v.trim()) && Number(v) <= 100, 'percentInvalid')),
  seed: z.string().check(z.regex(/^\s*\d{1,19}\s*$/, 'seedInvalid')),
});
export type ChaosForm = z.infer<typeof chaosFormSchema>;

/** A fault in words-free notation: `delay 1500 ms`, `error5xx 502`, `timeout`. */
export function describeFault(f: Fault): string {
  if (f.kind === 'delay') return `delay ${f.ms} ms`;
  if (f.kind === 'error5xx') return `error5xx ${f.status ?? 503}`;
  return f.kind;
}

async function asView(res: Response): Promise<ConsoleSettingsView> {
  if (!res.ok) throw new Error(`settings: ${res.status}`);
  return (await res.json()) as ConsoleSettingsView;
}

/** `GET /harness/settings` (404 outside harness mode). */
export async function fetchSettings(): Promise<ConsoleSettingsView> {
  return asView(await fetch('/harness/settings', { credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

/** The session's CSRF token (`GET /token`), which every POST of the settings needs. */
async function xsrfToken(): Promise<string> {
  const res = await fetch('/token', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { xsrfToken: string }).xsrfToken;
}

/** `POST /harness/settings/<path>` with `body` and the CSRF token; answers the new view. */
export async function postSettings(path: 'fault' | 'faults/clear' | 'chaos', body: unknown): Promise<ConsoleSettingsView> {
  const token = await xsrfToken();
  return asView(
    await fetch(`/harness/settings/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': token },
      body: JSON.stringify(body),
    }),
  );
}
