import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../testing/content';
import { contentHandlers } from '../../testing/recordings';
import { renderApp } from '../../testing/render';
import { consoleFixture, settingsFixture } from './fixtures';
import { chaosFormSchema, faultFormSchema, faultOf, type ConsoleSettingsView } from './settings';
import { CONSOLE_TEXTS } from './texts';

/** What the console posted: path, body, CSRF header. */
const posted: { path: string; body: unknown; token: string | null }[] = [];
let view: ConsoleSettingsView = settingsFixture(true);

const server = setupServer(
  http.get('/token', () => HttpResponse.json({ xsrfToken: 'tok-1' })),
  ...contentHandlers(content),
  http.get('/harness/console.json', () => HttpResponse.json({ scenarios: consoleFixture })),
  http.get('/harness/settings', () => HttpResponse.json(view)),
  http.post('/harness/settings/*', async ({ request }) => {
    const path = new URL(request.url).pathname.replace('/harness/settings/', '');
    const body = (await request.json()) as { call?: string; fault?: unknown; chaos?: string | null };
    posted.push({ path, body, token: request.headers.get('x-xsrf-token') });
    if (path === 'fault' && body.call) {
      const faults = { ...view.faults };
      if (body.fault) faults[body.call] = body.fault as never;
      else delete faults[body.call];
      view = { ...view, faults, yaml: `title: with ${Object.keys(faults).join(', ')}\n`, file: 'scenarios/retail/sample-success-faults.yaml' };
    } else if (path === 'chaos') {
      view = { ...view, chaos: body.chaos ?? null };
    }
    return HttpResponse.json(view);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
  view = settingsFixture(true);
});
afterAll(() => server.close());

const panel = async () => {
  const el = await screen.findByRole('region', { name: /Faults on demand|Fallos a demanda/ });
  return el;
};

describe('fault form rules', () => {
  it('needs milliseconds for a delay (0 to 120000) and a 5xx status for a server error; others need neither', () => {
    const ok = (v: Record<string, string>) => faultFormSchema.safeParse({ call: 'assign', kind: 'timeout', ms: '', status: '', ...v }).success;
    expect(ok({ kind: 'timeout' })).toBe(true);
    expect(ok({ kind: 'delay', ms: '1500' })).toBe(true);
    expect(ok({ kind: 'delay', ms: '120001' })).toBe(false);
    expect(ok({ kind: 'delay', ms: '1.5' })).toBe(false);
    expect(ok({ kind: 'error5xx', status: '502' })).toBe(true);
    expect(ok({ kind: 'error5xx', status: '404' })).toBe(false);
    expect(ok({ call: '' })).toBe(false);
    expect(faultOf({ call: 'assign', kind: 'delay', ms: ' 700 ', status: '' })).toEqual({ kind: 'delay', ms: 700 });
    expect(faultOf({ call: 'assign', kind: 'error5xx', ms: '', status: '504' })).toEqual({ kind: 'error5xx', status: 504 });
    expect(faultOf({ call: 'assign', kind: 'reset', ms: '9', status: '9' })).toEqual({ kind: 'reset' });
    expect(chaosFormSchema.safeParse({ percent: '101', seed: '1' }).success).toBe(false);
    expect(chaosFormSchema.safeParse({ percent: '30', seed: '4711' }).success).toBe(true);
    expect(chaosFormSchema.safeParse({ percent: '30', seed: '-1' }).success).toBe(false);
  });
});

describe('faults on demand in the console', () => {
  it('adds a delay to a call by keyboard (Spanish), posts it with the CSRF token, and shows the fault and the YAML to copy', async () => {
    const user = userEvent.setup();
    renderApp('/es/harness');
    const t = CONSOLE_TEXTS.es.faults;
    const p = await panel();
    expect(await within(p).findByText('retail/sample-success')).toBeInTheDocument();
    expect(within(p).getByText(t.none)).toBeInTheDocument();
    await user.selectOptions(within(p).getByRole('combobox', { name: t.callLabel }), 'serviceability');
    await user.click(within(p).getByRole('radio', { name: t.kinds.delay }));
    const ms = within(p).getByRole('textbox', { name: t.msLabel });
    await user.clear(ms);
    await user.type(ms, '999999');
    await user.click(within(p).getByRole('button', { name: t.add }));
    expect(await within(p).findByText(t.msInvalid)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(ms);
    await user.type(ms, '1500{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ path: 'fault', body: { call: 'serviceability', fault: { kind: 'delay', ms: 1500 } }, token: 'tok-1' });
    expect(await within(p).findByText('serviceability: delay 1500 ms')).toBeInTheDocument();
    const yaml = within(p).getByRole('textbox', { name: `${t.yamlLabel.replace('{file}', 'scenarios/retail/sample-success-faults.yaml')}` });
    expect(yaml).toHaveValue('title: with serviceability\n');
    expect(yaml).toHaveAttribute('readonly');
    expect(p.querySelector('[data-faults-status]')).toHaveTextContent(t.saved);
  });

  it('removes a fault, and a server error status comes from the form (English)', async () => {
    const user = userEvent.setup();
    view = settingsFixture(true, { faults: { assign: { kind: 'timeout' } } });
    renderApp('/en/harness');
    const t = CONSOLE_TEXTS.en.faults;
    const p = await panel();
    expect(await within(p).findByText('assign: timeout')).toBeInTheDocument();
    await user.click(within(p).getByRole('radio', { name: t.kinds.error5xx }));
    const status = within(p).getByRole('textbox', { name: t.statusLabel });
    await user.clear(status);
    await user.type(status, '502');
    await user.click(within(p).getByRole('button', { name: t.add }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ call: 'assign', fault: { kind: 'error5xx', status: 502 } });
    await user.click(await within(p).findByRole('button', { name: t.remove.replace('{call}', 'assign') }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toEqual({ call: 'assign', fault: null });
    expect(await within(p).findByText(t.none)).toBeInTheDocument();
  });

  it('without an active scenario says to start one; chaos is set and turned off per browser', async () => {
    const user = userEvent.setup();
    view = settingsFixture(false, { defaultChaos: '10:1' });
    renderApp('/en/harness');
    const t = CONSOLE_TEXTS.en.faults;
    const p = await panel();
    expect(await within(p).findByText(t.noScenario)).toBeInTheDocument();
    expect(within(p).queryByRole('button', { name: t.add })).not.toBeInTheDocument();
    expect(within(p).getByText('Chaos from the server setting: 10 % of calls, seed 1.')).toBeInTheDocument();
    const percent = within(p).getByRole('textbox', { name: t.percentLabel });
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(p).getByRole('button', { name: t.setChaos }));
    expect(await within(p).findByText(t.percentInvalid)).toBeInTheDocument();
    await user.clear(percent);
    await user.type(percent, '30');
    const seed = within(p).getByRole('textbox', { name: t.seedLabel });
    await user.clear(seed);
    await user.type(seed, '4711{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ path: 'chaos', body: { chaos: '30:4711' }, token: 'tok-1' });
    expect(await within(p).findByText('Chaos on: 30 % of calls, seed 4711.')).toBeInTheDocument();
    await user.click(within(p).getByRole('button', { name: t.stopChaos }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toEqual({ chaos: null });
  });

  it('says when a change is not saved', async () => {
    const user = userEvent.setup();
    server.use(http.post('/harness/settings/*', () => HttpResponse.json({ error: 'STORE_UNAVAILABLE' }, { status: 503 })));
    renderApp('/en/harness');
    const t = CONSOLE_TEXTS.en.faults;
    const p = await panel();
    await user.click(await within(p).findByRole('button', { name: t.add }));
    await waitFor(() => expect(p.querySelector('[data-faults-status]')).toHaveTextContent(t.failed));
  });
});
